import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useParams } from 'react-router';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { useSession } from '@console/session/session';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { Facts } from '@console/ui/facts';
import { StatusBadge } from '@console/ui/status-badge';
import { ImportProgress } from './import-progress';

type FailedRow = components['schemas']['ImportErrorView'];
type IncompleteRow = components['schemas']['ImportWarningView'];
interface RowDetails {
  row?: number;
  errors?: { field: string; message: string }[];
  customerId?: string;
  missingFields?: string[];
}

const RUNNING_REFRESH_MS = 1000;

const column = createColumnHelper<FailedRow>();
const COLUMNS = [
  column.accessor((row) => (row.details as RowDetails).row ?? '', { id: 'row', header: 'Row' }),
  column.accessor('correlationId', { header: 'Customer or row' }),
  column.accessor('code', { header: 'Code' }),
  column.accessor('message', { header: 'Error' }),
  column.accessor(
    (row) => ((row.details as RowDetails).errors ?? []).map((error) => error.field).join(', '),
    {
      id: 'fields',
      header: 'Columns to fix',
    },
  ),
];

const warningColumn = createColumnHelper<IncompleteRow>();
const WARNING_COLUMNS = [
  warningColumn.accessor((row) => (row.details as RowDetails).row ?? '', { id: 'row', header: 'Row' }),
  warningColumn.display({
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => {
      const customerId = (row.original.details as RowDetails).customerId;
      return customerId ? <Link to={`/customers/${customerId}`}>{row.original.correlationId}</Link> : null;
    },
  }),
  warningColumn.accessor((row) => ((row.details as RowDetails).missingFields ?? []).join(', '), {
    id: 'missing',
    header: 'To supply before paying in the currencies that require it',
  }),
];

/**
 * One import: its progress while it runs, every failed row with what to fix in the file, and the
 * customers imported without information their currencies require.
 */
export function ImportPage() {
  const { api } = useSession();
  const jobId = useParams().jobId!;
  const job = useQuery({
    queryKey: ['import', jobId],
    queryFn: () =>
      answer(api.GET('/2025-10-13/customers/bulk/jobs/{jobId}', { params: { path: { jobId } } })),
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' || query.state.data?.status === 'PROCESSING'
        ? RUNNING_REFRESH_MS
        : false,
  });
  const view = job.data;
  return (
    <section>
      <p>
        <Link to="/imports">← Imports</Link>
      </p>
      <h1>
        Import <code>{jobId}</code> {view && <StatusBadge status={view.status} />}
      </h1>
      <ErrorNotice error={job.error} />
      {view && (
        <>
          <ImportProgress progress={view.progress} />
          <Facts items={[['Completed', view.completedAt && formatTimestamp(view.completedAt)]]} />
          <h2>Failed rows</h2>
          {view.progress.failed > view.errors.length && (
            <p>
              The first {view.errors.length} of {view.progress.failed} failed rows are listed.
            </p>
          )}
          <DataTable
            caption="Failed rows, in file order"
            rows={view.errors}
            columns={COLUMNS}
            empty="No row failed"
          />
          <h2>Customers to complete</h2>
          <DataTable
            caption="Imported rows lacking what the platform's currencies require, in file order"
            rows={view.warnings}
            columns={WARNING_COLUMNS}
            empty="Every imported customer is complete"
          />
        </>
      )}
    </section>
  );
}
