import { Environment } from '@payments/contracts';
import { AccountHolder, balanceEventsOf, BalanceMove } from '@ledger/postings/balance-events';
import { PostingKind } from '@ledger/postings/posting-rules';

const ACCOUNT = '8d2c1f0e-0000-4000-8000-000000000002';
const CUSTOMER = { customerId: 'Customer:8d2c1f0e-0000-4000-8000-000000000004', platformCustomerId: 'ada-1' };

function move(
  kind: PostingKind,
  balanceBefore: bigint,
  balanceAfter: bigint,
  holder: AccountHolder = CUSTOMER,
): BalanceMove {
  return {
    posting: {
      id: `posting-${kind}`,
      transactionId: `Transaction:${kind}`,
      kind,
      platformId: 'Platform:8d2c1f0e-0000-4000-8000-000000000001',
      environment: Environment.Sandbox,
      internalAccountId: ACCOUNT,
      amount: 100n,
      currency: 'USD',
      balanceAfter,
    },
    holder,
    balanceBefore,
  };
}

describe('balanceEventsOf', () => {
  it("reports each balance move in the batch's order, keyed by the account, so the balances chain", () => {
    const events = balanceEventsOf([move('DEPOSIT', 0n, 1_000n), move('RESERVE', 1_000n, 700n)]);

    expect(events.map((event) => event.aggregateId)).toEqual([
      `InternalAccount:${ACCOUNT}`,
      `InternalAccount:${ACCOUNT}`,
    ]);
    expect(events.map((event) => event.payload)).toEqual([
      {
        accountId: `InternalAccount:${ACCOUNT}`,
        ...CUSTOMER,
        currency: 'USD',
        oldBalance: 0,
        newBalance: 1_000,
        transactionId: 'Transaction:DEPOSIT',
        postingKind: 'DEPOSIT',
      },
      expect.objectContaining({ oldBalance: 1_000, newBalance: 700, postingKind: 'RESERVE' }),
    ]);
    expect(events[0]).toMatchObject({
      type: 'account.balance-changed',
      version: 1,
      platformId: 'Platform:8d2c1f0e-0000-4000-8000-000000000001',
      environment: Environment.Sandbox,
    });
  });

  it('has no event for a posting that leaves the balance as it was (a SETTLE)', () => {
    expect(balanceEventsOf([move('SETTLE', 700n, 700n)])).toEqual([]);
  });

  it("names no customer for the platform's own account", () => {
    const [event] = balanceEventsOf([
      move('DEPOSIT', 0n, 5n, { customerId: null, platformCustomerId: null }),
    ]);

    expect(event.payload).not.toHaveProperty('customerId');
    expect(event.payload).not.toHaveProperty('platformCustomerId');
  });
});
