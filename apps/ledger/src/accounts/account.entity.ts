import { Environment } from '@payments/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The kinds of ledger account each (platform, environment, currency) may have. INTERNAL accounts
 * hold customers' and the platform's money (the API's internal accounts); the others are system
 * accounts the ledger opens on first use. The order is also the order in which a posting locks its
 * accounts, so two postings never wait on each other in a cycle.
 */
export const ACCOUNT_KINDS = [
  'INTERNAL',
  'EXTERNAL_SETTLEMENT',
  'IN_TRANSIT',
  'PLATFORM_FEES',
  'SERVICE_FEES',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export type SystemAccountKind = Exclude<AccountKind, 'INTERNAL'>;

@Entity({ name: 'accounts' })
export class LedgerAccount {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column('text')
  kind: AccountKind;

  @Column('text', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  /** Null for the platform's own accounts and for system accounts. */
  @Column('text', { name: 'customer_id', nullable: true })
  customerId: string | null;

  @Column('text', { name: 'platform_customer_id', nullable: true })
  platformCustomerId: string | null;

  @Column('text')
  currency: string;

  /**
   * Minor units, the sum of the account's entries; bigint arrives from pg as a string and stays
   * one, never a float. Changed only by postings, in the transaction that writes their entries.
   */
  @Column({ type: 'bigint', insert: false, update: false })
  balance: string;

  /** Unique reference a payer quotes so that a deposit lands in this account; internal accounts only. */
  @Column('text', { name: 'funding_reference', nullable: true })
  fundingReference: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
