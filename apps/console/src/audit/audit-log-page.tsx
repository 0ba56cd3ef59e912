import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { useSession } from '@console/session/session';
import { Pager } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { DayRangeFilter } from '@console/ui/filter-fields';
import { useSearchFilters } from '@console/ui/search-filters';
import { AUDIT_FILTER_FIELDS, auditQuery } from './audit-filters';

type Entry = components['schemas']['AuditEntryView'];

const column = createColumnHelper<Entry>();
const COLUMNS = [
  column.accessor('createdAt', { header: 'When', cell: (cell) => formatTimestamp(cell.getValue()) }),
  column.accessor((entry) => entry.tokenName ?? entry.tokenId, { id: 'who', header: 'Token' }),
  column.accessor((entry) => `${entry.method} ${entry.route}`, { id: 'what', header: 'Call' }),
  column.accessor('resourceId', { header: 'Resource', cell: (cell) => <code>{cell.getValue() ?? ''}</code> }),
  column.accessor((entry) => entry.outcome?.status, {
    id: 'outcome',
    header: 'Answer',
    cell: (cell) => cell.getValue() ?? 'none',
  }),
  column.accessor('changes', {
    header: 'Change',
    cell: (cell) =>
      cell.getValue() ? (
        <details>
          <summary>Before and after</summary>
          <pre>{JSON.stringify(cell.getValue(), null, 2)}</pre>
        </details>
      ) : (
        ''
      ),
  }),
];

/** Who changed what with the platform's tokens in this environment, newest first. */
export function AuditLogPage() {
  const { api } = useSession();
  const { filters, pages, form, apply } = useSearchFilters(AUDIT_FILTER_FIELDS);
  const query = auditQuery(filters, pages.cursor);
  const list = useQuery({
    queryKey: ['audit-log', query],
    queryFn: () => answer(api.GET('/2025-10-13/audit-log', { params: { query } })),
  });
  return (
    <section>
      <h1>Audit log</h1>
      <form className="filters" onSubmit={apply} aria-label="Audit log filters">
        <label>
          Resource
          <input {...form.register('resourceId')} placeholder="Customer:…, FeeRule:…, PlatformConfig:…" />
        </label>
        <label>
          Token
          <input {...form.register('tokenId')} placeholder="Token:…" />
        </label>
        <DayRangeFilter register={form.register} />
        <button type="submit">Apply filters</button>
      </form>
      <ErrorNotice error={list.error} />
      <DataTable
        caption="Writes, newest first"
        rows={list.data?.data ?? []}
        columns={COLUMNS}
        empty="No write matches"
      />
      <Pager pages={pages} page={list.data} />
    </section>
  );
}
