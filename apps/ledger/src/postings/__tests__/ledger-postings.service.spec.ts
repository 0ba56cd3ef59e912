import { Environment } from '@payments/contracts';
import { Caller } from '@payments/http';
import { LedgerPostingsService } from '@ledger/postings/ledger-postings.service';
import { LedgerPostingsStore, PostedEntryRow } from '@ledger/postings/ledger-postings.store';

const CALLER: Caller = { platformId: 'Platform:1', environment: Environment.Sandbox };
const TRANSACTION = 'Transaction:0a6c3f0e-51a4-4b1e-9f3c-4c1f6d2b8e01';
const [INTERNAL, IN_TRANSIT, SETTLEMENT, PLATFORM_FEES] = [1, 2, 3, 4].map(
  (n) => `00000000-0000-4000-8000-00000000000${n}`,
);
const [RESERVE, SETTLE] = ['aaaaaaaa-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002'];

/** A reservation of 1,000 and its settlement with a fee of 30, as the store reads them. */
const ROWS: PostedEntryRow[] = [
  entry(RESERVE, 'RESERVE', INTERNAL, 'INTERNAL', '-1000'),
  entry(RESERVE, 'RESERVE', IN_TRANSIT, 'IN_TRANSIT', '1000'),
  entry(SETTLE, 'SETTLE', SETTLEMENT, 'EXTERNAL_SETTLEMENT', '970'),
  entry(SETTLE, 'SETTLE', IN_TRANSIT, 'IN_TRANSIT', '-1000'),
  entry(SETTLE, 'SETTLE', PLATFORM_FEES, 'PLATFORM_FEES', '30'),
];

function entry(
  postingId: string,
  kind: PostedEntryRow['kind'],
  accountId: string,
  accountKind: PostedEntryRow['account_kind'],
  amount: string,
): PostedEntryRow {
  const postedAt = kind === 'RESERVE' ? '2025-10-13T09:30:00.000Z' : '2025-10-13T09:30:01.000Z';
  return {
    posting_id: postingId,
    kind,
    created_at: new Date(postedAt),
    account_id: accountId,
    account_kind: accountKind,
    amount,
    currency: 'USD',
  };
}

/** Fixed rows; records what it was asked for. */
class FakeStore implements Pick<LedgerPostingsStore, 'entriesOf'> {
  asked: { caller: Caller; transactionId: string }[] = [];
  constructor(private readonly rows: PostedEntryRow[]) {}
  async entriesOf(caller: Caller, transactionId: string): Promise<PostedEntryRow[]> {
    this.asked.push({ caller, transactionId });
    return this.rows;
  }
}

function serviceOf(rows: PostedEntryRow[]) {
  const store = new FakeStore(rows);
  return { store, service: new LedgerPostingsService(store as unknown as LedgerPostingsStore) };
}

describe('LedgerPostingsService', () => {
  it('groups the entries by posting, in their order, with a direction and a positive amount each', async () => {
    const { service } = serviceOf(ROWS);

    expect(await service.postingsOf(CALLER, TRANSACTION)).toEqual({
      data: [
        {
          id: RESERVE,
          kind: 'RESERVE',
          postedAt: '2025-10-13T09:30:00.000Z',
          entries: [
            {
              accountId: `InternalAccount:${INTERNAL}`,
              accountKind: 'INTERNAL',
              direction: 'DEBIT',
              amount: 1000,
              currency: 'USD',
            },
            {
              accountId: `SystemAccount:${IN_TRANSIT}`,
              accountKind: 'IN_TRANSIT',
              direction: 'CREDIT',
              amount: 1000,
              currency: 'USD',
            },
          ],
        },
        {
          id: SETTLE,
          kind: 'SETTLE',
          postedAt: '2025-10-13T09:30:01.000Z',
          entries: [
            {
              accountId: `SystemAccount:${SETTLEMENT}`,
              accountKind: 'EXTERNAL_SETTLEMENT',
              direction: 'CREDIT',
              amount: 970,
              currency: 'USD',
            },
            {
              accountId: `SystemAccount:${IN_TRANSIT}`,
              accountKind: 'IN_TRANSIT',
              direction: 'DEBIT',
              amount: 1000,
              currency: 'USD',
            },
            {
              accountId: `SystemAccount:${PLATFORM_FEES}`,
              accountKind: 'PLATFORM_FEES',
              direction: 'CREDIT',
              amount: 30,
              currency: 'USD',
            },
          ],
        },
      ],
    });
  });

  it('asks for the postings of the caller under the id in the lower case they were posted with', async () => {
    const { service, store } = serviceOf([]);

    await service.postingsOf(CALLER, 'Transaction:0A6C3F0E-51A4-4B1E-9F3C-4C1F6D2B8E01');
    expect(store.asked).toEqual([{ caller: CALLER, transactionId: TRANSACTION }]);
  });

  it('answers an empty list for a transaction without postings of the caller', async () => {
    expect(await serviceOf([]).service.postingsOf(CALLER, TRANSACTION)).toEqual({ data: [] });
  });

  it('keeps the largest amounts exact', async () => {
    const { service } = serviceOf([
      entry(RESERVE, 'RESERVE', INTERNAL, 'INTERNAL', '-9000000000000000'),
      entry(RESERVE, 'RESERVE', IN_TRANSIT, 'IN_TRANSIT', '9000000000000000'),
    ]);

    const [posting] = (await service.postingsOf(CALLER, TRANSACTION)).data;
    expect(posting.entries.map((each) => each.amount)).toEqual([
      9_000_000_000_000_000, 9_000_000_000_000_000,
    ]);
  });
});
