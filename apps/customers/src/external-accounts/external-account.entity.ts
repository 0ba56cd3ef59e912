import { Column, Entity } from 'typeorm';
import { AccountInfo } from '@customers/external-accounts/account-info';
import { BeneficiaryVerificationStatus } from '@customers/external-accounts/beneficiary-verification';
import { ScopedRecord } from '@payments/persistence';

export const EXTERNAL_ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'UNDER_REVIEW', 'INACTIVE'] as const;
export type ExternalAccountStatus = (typeof EXTERNAL_ACCOUNT_STATUSES)[number];

/** A bank account or wallet outside the service that a customer, or the platform itself, pays to or from. */
@Entity({ name: 'external_accounts' })
export class ExternalAccount extends ScopedRecord {
  /** Null for the platform's own accounts. */
  @Column('uuid', { name: 'customer_id', nullable: true })
  customerId: string | null;

  @Column('text')
  currency: string;

  @Column('json', { name: 'account_info' })
  accountInfo: AccountInfo;

  @Column('text')
  status: ExternalAccountStatus;

  @Column('text', { name: 'platform_account_id', nullable: true })
  platformAccountId: string | null;

  /** At most one per owner (customer, or the platform in one environment), by a partial unique index. */
  @Column('boolean', { name: 'default_uma_deposit_account' })
  defaultUmaDepositAccount: boolean;

  @Column('text', { name: 'beneficiary_verification_status' })
  beneficiaryVerificationStatus: BeneficiaryVerificationStatus;

  @Column('text', { name: 'beneficiary_verified_name', nullable: true })
  beneficiaryVerifiedName: string | null;

  /** When a PENDING account turns ACTIVE; null once it has, and for accounts that never wait. */
  @Column('timestamptz', { name: 'activate_at', nullable: true })
  activateAt: Date | null;

  /** Set when the activator gave up on the account (see PendingAccountWorker); not read otherwise. */
  @Column({ type: 'timestamptz', name: 'parked_at', nullable: true, select: false, insert: false })
  parkedAt?: Date | null;
}
