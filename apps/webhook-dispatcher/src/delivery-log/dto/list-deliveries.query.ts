import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto, TimestampFilter } from '@payments/http';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DeliveryStatus } from '@webhooks/deliveries/delivery-policy';
import { WebhookType } from '@webhooks/deliveries/webhook-envelope';
import { DELIVERY_STATUSES, WEBHOOK_TYPES } from '@webhooks/delivery-log/delivery.view';

export class ListDeliveriesQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @ApiPropertyOptional({ enum: WEBHOOK_TYPES })
  @IsOptional()
  @IsIn(WEBHOOK_TYPES)
  type?: WebhookType;

  @ApiPropertyOptional({ description: 'The payment webhooks of one transaction' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  transactionId?: string;

  /** Creation time, inclusive. */
  @TimestampFilter() createdAfter?: string;

  /** Creation time, inclusive. */
  @TimestampFilter() createdBefore?: string;
}
