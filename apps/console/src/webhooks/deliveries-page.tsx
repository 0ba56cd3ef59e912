import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { Permitted, useSession } from '@console/session/session';
import { Pager } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { useSearchFilters } from '@console/ui/search-filters';
import { ChoiceField, DayRangeFilter } from '@console/ui/filter-fields';
import { StatusBadge } from '@console/ui/status-badge';
import { BulkRedeliver } from './bulk-redeliver';
import { DELIVERY_FILTER_FIELDS, deliveryQuery } from './delivery-filters';

type Delivery = components['schemas']['DeliveryView'];
const TYPES = [
  'INCOMING_PAYMENT',
  'OUTGOING_PAYMENT',
  'KYC_STATUS',
  'BULK_UPLOAD',
  'INVITATION_CLAIMED',
  'ACCOUNT_STATUS',
  'TEST',
];

const column = createColumnHelper<Delivery>();
const COLUMNS = [
  column.accessor('createdAt', { header: 'Created', cell: (cell) => formatTimestamp(cell.getValue()) }),
  column.accessor('id', {
    header: 'Webhook',
    cell: (cell) => (
      <Link to={`/webhooks/${encodeURIComponent(cell.getValue())}`}>
        <code>{cell.getValue()}</code>
      </Link>
    ),
  }),
  column.accessor('type', { header: 'Type' }),
  column.accessor('status', { header: 'Status', cell: (cell) => <StatusBadge status={cell.getValue()} /> }),
  column.accessor('attempts', { header: 'Attempts' }),
  column.accessor('lastStatusCode', { header: 'Last answer', cell: (cell) => cell.getValue() ?? '—' }),
  column.accessor('transactionId', {
    header: 'Transaction',
    cell: (cell) =>
      cell.getValue() ? (
        <Link to={`/transactions/${encodeURIComponent(cell.getValue()!)}`}>{cell.getValue()}</Link>
      ) : (
        '—'
      ),
  }),
];

/** The delivery log: every webhook sent to the platform, filtered, with bulk redelivery. */
export function DeliveriesPage() {
  const { api } = useSession();
  const { filters, pages, form, apply } = useSearchFilters(DELIVERY_FILTER_FIELDS);
  const query = deliveryQuery(filters, pages.cursor);
  const list = useQuery({
    queryKey: ['deliveries', query],
    queryFn: () => answer(api.GET('/2025-10-13/webhooks/deliveries', { params: { query } })),
  });
  return (
    <section>
      <h1>Webhooks</h1>
      <form className="filters" onSubmit={apply} aria-label="Webhook filters">
        <ChoiceField
          label="Status"
          name="status"
          choices={['PENDING', 'DELIVERED', 'FAILED']}
          register={form.register}
        />
        <ChoiceField label="Type" name="type" choices={TYPES} register={form.register} />
        <label>
          Transaction
          <input {...form.register('transactionId')} placeholder="Transaction:…" />
        </label>
        <DayRangeFilter register={form.register} />
        <button type="submit">Apply filters</button>
      </form>
      <Permitted need="MANAGE">
        <BulkRedeliver filters={filters} matching={list.data?.totalCount} />
      </Permitted>
      <ErrorNotice error={list.error} />
      <DataTable
        caption="Webhooks, newest first"
        rows={list.data?.data ?? []}
        columns={COLUMNS}
        empty={list.isPending ? 'Loading…' : 'No webhooks match'}
      />
      <Pager pages={pages} page={list.data} />
    </section>
  );
}
