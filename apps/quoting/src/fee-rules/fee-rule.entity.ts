import { Column, Entity } from 'typeorm';
import { ScopedRecord } from '@payments/persistence';

/** What a fee rule prices; docs/api.md ("Fee rules") says which quotes and transfers each type applies to. */
export const FEE_RULE_TRANSACTION_TYPES = [
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'RAMP_ON',
  'RAMP_OFF',
  'CROSS_BORDER_PAYOUT',
] as const;
export type FeeRuleTransactionType = (typeof FEE_RULE_TRANSACTION_TYPES)[number];

export const FEE_TYPES = ['FIXED', 'PERCENTAGE', 'HYBRID'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** A platform's own markup on one transaction type, in one environment; at most one per type. */
@Entity({ name: 'fee_rules' })
export class FeeRule extends ScopedRecord {
  @Column('text', { name: 'transaction_type' })
  transactionType: FeeRuleTransactionType;

  @Column('text', { name: 'fee_type' })
  feeType: FeeType;

  /** USD cents; null when the fee type has no fixed part. */
  @Column('integer', { name: 'fixed_fee', nullable: true })
  fixedFee: number | null;

  /** Exact decimal text as Postgres returns it (scale 6, e.g. "0.002500"); null when the type has no rate. */
  @Column('numeric', { name: 'variable_fee_rate', precision: 7, scale: 6, nullable: true })
  variableFeeRate: string | null;

  /** A disabled rule is kept and listed but prices nothing. */
  @Column('boolean')
  enabled: boolean;
}
