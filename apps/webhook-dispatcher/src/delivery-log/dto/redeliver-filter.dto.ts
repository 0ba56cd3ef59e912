import { ApiPropertyOptional } from '@nestjs/swagger';
import { TimestampFilter } from '@payments/http';
import { IsIn, IsOptional } from 'class-validator';
import { WebhookType } from '@webhooks/deliveries/webhook-envelope';
import { WEBHOOK_TYPES } from '@webhooks/delivery-log/delivery.view';

/** Finished webhooks can be sent again; a PENDING one is still being sent. */
export const REDELIVERABLE_STATUSES = ['DELIVERED', 'FAILED'] as const;

/** Which finished webhooks a bulk redelivery sends again; at least one field is required. */
export class RedeliverFilterDto {
  @ApiPropertyOptional({ enum: REDELIVERABLE_STATUSES })
  @IsOptional()
  @IsIn(REDELIVERABLE_STATUSES)
  status?: (typeof REDELIVERABLE_STATUSES)[number];

  @ApiPropertyOptional({ enum: WEBHOOK_TYPES })
  @IsOptional()
  @IsIn(WEBHOOK_TYPES)
  type?: WebhookType;

  /** Creation time, inclusive. */
  @TimestampFilter() createdAfter?: string;

  /** Creation time, inclusive. */
  @TimestampFilter() createdBefore?: string;
}
