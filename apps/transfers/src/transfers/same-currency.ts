import { Caller, scopeOf } from '@payments/http';
import { LedgerAccount } from '@transfers/accounts/ledger.client';
import { newReference } from '@transfers/transactions/transaction-insert';
import { NewTransaction } from '@transfers/transactions/transaction.store';

/** Which way a same-currency transaction goes, and between which accounts. */
export type TransactionEnds = Pick<
  NewTransaction,
  'type' | 'sourceType' | 'sourceAccountId' | 'destinationAccountId'
>;

/** A same-currency transaction of the internal account's owner, in its currency. */
export function sameCurrencyTransaction(
  id: string,
  caller: Caller,
  internal: LedgerAccount,
  ends: TransactionEnds,
  amount: number,
): NewTransaction {
  return {
    id,
    ...scopeOf(caller),
    ...ends,
    sourceCurrency: internal.currency,
    destinationCurrency: internal.currency,
    customerId: internal.customerId,
    platformCustomerId: internal.platformCustomerId,
    sentAmount: amount,
    receivedAmount: amount,
    reference: newReference(),
  };
}
