import { BalanceEvent, createEvent, toApiId } from '@payments/contracts';
import { toJsonAmount } from '@ledger/accounts/minor-units';
import { StoredPosting } from '@ledger/postings/posting-rules';

/** Who holds an internal account, as the account row says: nobody for the platform's own accounts. */
export interface AccountHolder {
  customerId: string | null;
  platformCustomerId: string | null;
}

/** A posting accepted in a batch, with the balance its internal account had just before it. */
export interface BalanceMove {
  posting: StoredPosting;
  holder: AccountHolder;
  balanceBefore: bigint;
}

/**
 * The account.balance-changed events of a batch's accepted postings, in their order, so that each
 * account's events chain (one's newBalance is the next one's oldBalance). A posting that leaves the
 * balance where it was (a SETTLE) has none.
 */
export function balanceEventsOf(moves: BalanceMove[]): BalanceEvent[] {
  return moves
    .filter(({ posting, balanceBefore }) => posting.balanceAfter !== balanceBefore)
    .map(({ posting, holder, balanceBefore }) => {
      const accountId = toApiId('InternalAccount', posting.internalAccountId);
      return createEvent('account.balance-changed', 1, posting, accountId, {
        accountId,
        ...(holder.customerId ? { customerId: holder.customerId } : {}),
        ...(holder.platformCustomerId ? { platformCustomerId: holder.platformCustomerId } : {}),
        currency: posting.currency,
        oldBalance: toJsonAmount(balanceBefore),
        newBalance: toJsonAmount(posting.balanceAfter),
        transactionId: posting.transactionId,
        postingKind: posting.kind,
      });
    });
}
