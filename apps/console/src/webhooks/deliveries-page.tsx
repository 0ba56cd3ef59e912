import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { Permitted, useSession } from '@console/session/session';
import { Pager, useCursorPages } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { Field } from '@console/ui/field';
import { searchOf } from '@console/ui/search-fields';
import { StatusBadge } from '@console/ui/status-badge';
import { BulkRedeliver } from './bulk-redeliver';
import {
  DELIVERY_FILTER_FIELDS,
  deliveryFiltersOf,
  DeliveryFilters,
  deliveryQuery,
} from './delivery-filters';

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
  const [search, setSearch] = useSearchParams();
  const filters = deliveryFiltersOf(search);
  const pages = useCursorPages();
  const query = deliveryQuery(filters, pages.cursor);
  const list = useQuery({
    queryKey: ['deliveries', query],
    queryFn: () => answer(api.GET('/2025-10-13/webhooks/deliveries', { params: { query } })),
  });
  const form = useForm<DeliveryFilters>({ defaultValues: filters });
  useEffect(() => form.reset(filters), [search.toString()]);
  const apply = (values: DeliveryFilters) => {
    pages.reset();
    setSearch(searchOf(values, DELIVERY_FILTER_FIELDS));
  };
  return (
    <section>
      <h1>Webhooks</h1>
      <form className="filters" onSubmit={form.handleSubmit(apply)} aria-label="Webhook filters">
        <Field label="Status">
          <select {...form.register('status')}>
            <option value="">Any</option>
            <option>PENDING</option>
            <option>DELIVERED</option>
            <option>FAILED</option>
          </select>
        </Field>
        <Field label="Type">
          <select {...form.register('type')}>
            <option value="">Any</option>
            {TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </Field>
        <label>
          Transaction
          <input {...form.register('transactionId')} placeholder="Transaction:…" />
        </label>
        <label>
          From (UTC)
          <input type="date" {...form.register('from')} />
        </label>
        <label>
          To (UTC)
          <input type="date" {...form.register('to')} />
        </label>
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
