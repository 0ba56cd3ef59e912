import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { currencyOfCode } from '@console/format/currencies';
import { formatTimestamp } from '@console/format/dates';
import { formatMoney } from '@console/format/money';
import { useSession } from '@console/session/session';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';

type Posting = components['schemas']['LedgerPostingView'];
type Entry = Posting['entries'][number] & { posting: Posting };

const column = createColumnHelper<Entry>();
const COLUMNS = [
  column.accessor((entry) => entry.posting.postedAt, {
    id: 'postedAt',
    header: 'Posted',
    cell: (cell) => formatTimestamp(cell.getValue()),
  }),
  column.accessor((entry) => entry.posting.kind, { id: 'kind', header: 'Posting' }),
  column.accessor('accountKind', { header: 'Account kind' }),
  column.accessor('accountId', { header: 'Account', cell: (cell) => <code>{cell.getValue()}</code> }),
  column.accessor(
    (entry) => (entry.direction === 'DEBIT' ? formatMoney(entry.amount, currencyOfCode(entry.currency)) : ''),
    {
      id: 'debit',
      header: 'Debit',
    },
  ),
  column.accessor(
    (entry) =>
      entry.direction === 'CREDIT' ? formatMoney(entry.amount, currencyOfCode(entry.currency)) : '',
    {
      id: 'credit',
      header: 'Credit',
    },
  ),
];

/** The ledger's balanced postings of the transaction, one row per entry. */
export function LedgerPostings({ transactionId, version }: { transactionId: string; version: string }) {
  const { api } = useSession();
  const postings = useQuery({
    queryKey: ['ledger-postings', transactionId, version],
    queryFn: () => answer(api.GET('/2025-10-13/ledger/postings', { params: { query: { transactionId } } })),
  });
  const entries = (postings.data?.data ?? []).flatMap((posting) =>
    posting.entries.map((entry) => ({ ...entry, posting })),
  );
  return (
    <section aria-labelledby="ledger">
      <h2 id="ledger">Ledger entries</h2>
      <ErrorNotice error={postings.error} />
      <DataTable
        caption="Double-entry postings, in order"
        rows={entries}
        columns={COLUMNS}
        empty="No posting yet"
      />
    </section>
  );
}
