import { createColumnHelper } from '@tanstack/react-table';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { DataTable } from '@console/ui/data-table';

type Attempt = components['schemas']['DeliveryAttemptView'];

const column = createColumnHelper<Attempt>();
const COLUMNS = [
  column.accessor('at', { header: 'Sent', cell: (cell) => formatTimestamp(cell.getValue()) }),
  column.accessor('statusCode', { header: 'Answer', cell: (cell) => cell.getValue() ?? 'none' }),
  column.accessor('durationMs', { header: 'Took', cell: (cell) => `${cell.getValue()} ms` }),
  column.accessor((attempt) => attempt.error ?? attempt.responseExcerpt ?? '', {
    id: 'detail',
    header: 'Error or answer',
    cell: (cell) => <code className="excerpt">{cell.getValue()}</code>,
  }),
];

export function DeliveryAttempts({ attempts, caption }: { attempts: Attempt[]; caption: string }) {
  return <DataTable caption={caption} rows={attempts} columns={COLUMNS} empty="No attempt yet" />;
}
