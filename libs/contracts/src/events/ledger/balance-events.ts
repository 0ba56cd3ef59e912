import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

/**
 * A posting moved an internal account's balance (a SETTLE moves none and has no event). Balances are
 * minor units of `currency`, exact as JSON numbers (the ledger caps balances at 2^53 - 1).
 */
export class BalanceChangedV1 {
  /** `InternalAccount:<uuid>`. */
  @IsString() accountId: string;
  /** Absent for the platform's own accounts. */
  @IsOptional() @IsString() customerId?: string;
  @IsOptional() @IsString() platformCustomerId?: string;
  @IsString() currency: string;
  @IsInt() oldBalance: number;
  @IsInt() newBalance: number;
  /** What moved it: the posting's transaction and kind. */
  @IsString() transactionId: string;
  @IsIn(['DEPOSIT', 'RESERVE', 'SETTLE', 'RELEASE']) postingKind: string;
}

export type BalanceEvent = EventEnvelope<'account.balance-changed', BalanceChangedV1>;

/**
 * Producer: ledger, in the transaction of the posting. Key: the internal account id, so one account's
 * changes stay in order (each old balance is the previous event's new one). As many partitions as the
 * transaction events: a transfer-out moves a balance as often as it changes status.
 */
export const BALANCE_EVENTS = new TopicContract<BalanceEvent>('ledger.balance-events.v1', 12, {
  'account.balance-changed@1': BalanceChangedV1,
});
