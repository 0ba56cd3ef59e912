import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { answer } from '@console/api/client';
import type { paths } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { useSession } from '@console/session/session';
import { Pager, useCursorPages } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { StatusBadge } from '@console/ui/status-badge';

type JobPage =
  paths['/2025-10-13/customers/bulk/jobs']['get']['responses'][200]['content']['application/json'];
type Job = JobPage['data'][number];

const column = createColumnHelper<Job>();
const COLUMNS = [
  column.accessor('createdAt', { header: 'Uploaded', cell: (cell) => formatTimestamp(cell.getValue()) }),
  column.accessor('jobId', {
    header: 'Import',
    cell: (cell) => (
      <Link to={`/imports/${encodeURIComponent(cell.getValue())}`}>
        <code>{cell.getValue()}</code>
      </Link>
    ),
  }),
  column.accessor('status', { header: 'Status', cell: (cell) => <StatusBadge status={cell.getValue()} /> }),
  column.accessor((job) => `${job.progress.processed} / ${job.progress.total}`, {
    id: 'processed',
    header: 'Processed',
  }),
  column.accessor((job) => job.progress.successful, { id: 'successful', header: 'Imported' }),
  column.accessor((job) => job.progress.failed, { id: 'failed', header: 'Failed' }),
];

/** The platform's bulk customer imports, newest first; each opens on its failed rows. */
export function ImportsPage() {
  const { api } = useSession();
  const pages = useCursorPages();
  const query = { limit: 20, ...(pages.cursor ? { cursor: pages.cursor } : {}) };
  const list = useQuery({
    queryKey: ['imports', query],
    queryFn: () => answer(api.GET('/2025-10-13/customers/bulk/jobs', { params: { query } })),
  });
  return (
    <section>
      <h1>Imports</h1>
      <ErrorNotice error={list.error} />
      <DataTable
        caption="Bulk customer imports, newest first"
        rows={list.data?.data ?? []}
        columns={COLUMNS}
        empty="No import yet"
      />
      <Pager pages={pages} page={list.data} />
    </section>
  );
}
