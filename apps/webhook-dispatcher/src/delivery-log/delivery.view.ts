import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toApiId } from '@payments/contracts';
import { EGRESS_FAILURE_DESCRIPTIONS, EgressFailure } from '@payments/egress';
import { DeliveryStatus } from '@webhooks/deliveries/delivery-policy';
import { WebhookType } from '@webhooks/deliveries/webhook-envelope';
import { AttemptRow, DeliveryRow, PAYMENT_TYPES } from '@webhooks/delivery-log/delivery-log.store';

export const DELIVERY_STATUSES: DeliveryStatus[] = ['PENDING', 'DELIVERED', 'FAILED'];
export const WEBHOOK_TYPES: WebhookType[] = [
  'INCOMING_PAYMENT',
  'OUTGOING_PAYMENT',
  'KYC_STATUS',
  'BULK_UPLOAD',
  'INVITATION_CLAIMED',
  'ACCOUNT_STATUS',
  'TEST',
];
const ERROR_KINDS = Object.keys(EGRESS_FAILURE_DESCRIPTIONS) as EgressFailure[];

/** A webhook in the delivery log (docs/api.md#webhook-delivery-log). */
export class DeliveryView {
  @ApiProperty({
    example: 'Webhook:0b6f2c1e-5d4a-5f3b-9c2d-7e8f9a0b1c2d',
    description: 'The webhookId the endpoint received; the same on every attempt and redelivery',
  })
  id: string;
  @ApiProperty({ enum: WEBHOOK_TYPES }) type: WebhookType;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status: DeliveryStatus;
  @ApiPropertyOptional({
    example: 'Transaction:019542f5-b3e7-1d02-0000-000000000004',
    description: 'For INCOMING_PAYMENT and OUTGOING_PAYMENT',
  })
  transactionId?: string;
  @ApiProperty({ type: 'integer', description: 'HTTP attempts made so far, redeliveries included' })
  attempts: number;
  @ApiPropertyOptional({ format: 'date-time' }) lastAttemptAt?: string;
  @ApiPropertyOptional({
    type: 'integer',
    description: "The last attempt's HTTP status; absent when it got no answer",
  })
  lastStatusCode?: number;
  @ApiPropertyOptional({ format: 'date-time', description: 'When a PENDING webhook is next due' })
  nextAttemptAt?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class DeliveryAttemptView {
  @ApiProperty({ format: 'date-time', description: 'When the attempt was sent' }) at: string;
  @ApiPropertyOptional({ type: 'integer', description: 'Absent when no answer came' }) statusCode?: number;
  @ApiProperty({ type: 'integer' }) durationMs: number;
  @ApiPropertyOptional({ description: 'The first 4 KiB of the answer' }) responseExcerpt?: string;
  @ApiPropertyOptional({ enum: [...ERROR_KINDS, 'SIGNING_FAILED'], description: 'Why no answer came' })
  errorKind?: EgressFailure | 'SIGNING_FAILED';
  @ApiPropertyOptional({ example: 'TIMEOUT: no answer in time' }) error?: string;
}

export class DeliveryDetailView extends DeliveryView {
  @ApiProperty({ type: [DeliveryAttemptView], description: 'Every attempt, oldest first' })
  attemptLog: DeliveryAttemptView[];
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The webhook as sent; each attempt adds its platformId, environment and sentAt',
  })
  body: Record<string, unknown>;
}

export class DeliveryPage {
  @ApiProperty({ type: [DeliveryView] }) data: DeliveryView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty({ type: 'integer' }) totalCount: number;
}

export class RedeliveryCountView {
  @ApiProperty({ type: 'integer', description: 'Webhooks queued to be sent again (at most 10,000 a call)' })
  count: number;
}

export function presentDelivery(row: DeliveryRow): DeliveryView {
  return {
    id: toApiId('Webhook', row.id),
    type: row.type,
    status: row.status,
    ...(PAYMENT_TYPES.includes(row.type) ? { transactionId: row.aggregate_id } : {}),
    attempts: row.attempt_count,
    ...(row.last_attempt_at ? { lastAttemptAt: row.last_attempt_at.toISOString() } : {}),
    ...(row.last_status_code !== null ? { lastStatusCode: row.last_status_code } : {}),
    ...(row.status === 'PENDING' ? { nextAttemptAt: row.next_attempt_at.toISOString() } : {}),
    createdAt: row.created_at.toISOString(),
  };
}

export function presentAttempt(row: AttemptRow): DeliveryAttemptView {
  const kind = row.error?.split(':', 1)[0];
  return {
    at: row.started_at.toISOString(),
    ...(row.response_status !== null ? { statusCode: row.response_status } : {}),
    durationMs: row.duration_ms,
    ...(row.response_body !== null ? { responseExcerpt: row.response_body } : {}),
    ...(row.error !== null
      ? { errorKind: ERROR_KINDS.find((each) => each === kind) ?? 'SIGNING_FAILED', error: row.error }
      : {}),
  };
}
