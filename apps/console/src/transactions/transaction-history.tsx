import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { useSession } from '@console/session/session';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { StatusBadge } from '@console/ui/status-badge';

type Change = components['schemas']['TransactionHistoryView']['data'][number];

const column = createColumnHelper<Change>();
const COLUMNS = [
  column.accessor('at', { header: 'When', cell: (cell) => formatTimestamp(cell.getValue()) }),
  column.accessor('status', { header: 'Status', cell: (cell) => <StatusBadge status={cell.getValue()} /> }),
  column.accessor('previousStatus', { header: 'From', cell: (cell) => cell.getValue() ?? 'created' }),
  column.accessor('reason', { header: 'Why', cell: (cell) => cell.getValue() ?? '' }),
];

/** The transaction's states in order; `version` refetches it when the transaction changes. */
export function TransactionHistory({ transactionId, version }: { transactionId: string; version: string }) {
  const { api } = useSession();
  const history = useQuery({
    queryKey: ['transaction-history', transactionId, version],
    queryFn: () =>
      answer(
        api.GET('/2025-10-13/transactions/{transactionId}/history', { params: { path: { transactionId } } }),
      ),
  });
  return (
    <section aria-labelledby="timeline">
      <h2 id="timeline">Timeline</h2>
      <ErrorNotice error={history.error} />
      <DataTable caption="States, oldest first" rows={history.data?.data ?? []} columns={COLUMNS} />
    </section>
  );
}
