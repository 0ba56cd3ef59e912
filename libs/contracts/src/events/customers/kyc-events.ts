import { IsIn, IsString } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

export const KYC_STATUSES = [
  'APPROVED',
  'REJECTED',
  'PENDING_REVIEW',
  'EXPIRED',
  'CANCELED',
  'MANUALLY_APPROVED',
  'MANUALLY_REJECTED',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** A customer's verification reached a result: today, when the customer submits the hosted KYC page. */
export class KycStatusChangedV1 {
  @IsString() customerId: string;
  @IsString() platformCustomerId: string;
  @IsIn(KYC_STATUSES) kycStatus: KycStatus;
}

export type KycEvent = EventEnvelope<'kyc.status-changed', KycStatusChangedV1>;

/**
 * Producer: customers. Key: customerId. A topic of its own rather than an event type on the customer
 * topic: its one consumer (the webhook dispatcher) would otherwise decode every customer event, a
 * hundred thousand of them for one bulk import, only to drop them.
 */
export const KYC_EVENTS = new TopicContract<KycEvent>('customers.kyc-events.v1', 3, {
  'kyc.status-changed@1': KycStatusChangedV1,
});
