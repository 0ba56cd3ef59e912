import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { formatMoney } from '@console/format/money';
import { useSession } from '@console/session/session';
import { useCursorPages, Pager } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { Field } from '@console/ui/field';
import { StatusBadge } from '@console/ui/status-badge';
import { searchOf } from '@console/ui/search-fields';
import {
  FILTER_FIELDS,
  filtersOf,
  PAGE_SIZES,
  transactionQuery,
  TransactionFilters,
} from './transaction-filters';

type Transaction = components['schemas']['TransactionView'];
const STATUSES = [
  'CREATED',
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'FAILED',
  'REFUNDED',
  'EXPIRED',
];

const column = createColumnHelper<Transaction>();
const COLUMNS = [
  column.accessor('createdAt', { header: 'Created', cell: (cell) => formatTimestamp(cell.getValue()) }),
  column.accessor('id', {
    header: 'Transaction',
    cell: (cell) => (
      <Link to={`/transactions/${encodeURIComponent(cell.getValue())}`}>
        <code>{cell.getValue()}</code>
      </Link>
    ),
  }),
  column.accessor('type', { header: 'Type' }),
  column.accessor('status', { header: 'Status', cell: (cell) => <StatusBadge status={cell.getValue()} /> }),
  column.accessor((row) => row.platformCustomerId ?? row.customerId ?? 'Platform', {
    id: 'customer',
    header: 'Customer',
  }),
  column.accessor('sentAmount', {
    header: 'Sent',
    cell: (cell) => (cell.getValue() ? formatMoney(cell.getValue()!.amount, cell.getValue()!.currency) : '—'),
  }),
  column.accessor('receivedAmount', {
    header: 'Received',
    cell: (cell) => (cell.getValue() ? formatMoney(cell.getValue()!.amount, cell.getValue()!.currency) : '—'),
  }),
];

export function TransactionsPage() {
  const { api } = useSession();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const pages = useCursorPages();
  const query = transactionQuery(filters, pages.cursor);
  const list = useQuery({
    queryKey: ['transactions', query],
    queryFn: () => answer(api.GET('/2025-10-13/transactions', { params: { query } })),
  });
  const form = useForm<TransactionFilters>({ defaultValues: filters });
  useEffect(() => form.reset(filters), [search.toString()]);
  const apply = (values: TransactionFilters) => {
    pages.reset();
    setSearch(searchOf(values, FILTER_FIELDS));
  };
  return (
    <section>
      <h1>Transactions</h1>
      <form className="filters" onSubmit={form.handleSubmit(apply)} aria-label="Transaction filters">
        <Field label="Status">
          <select {...form.register('status')}>
            <option value="">Any</option>
            {STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </Field>
        <Field label="Type">
          <select {...form.register('type')}>
            <option value="">Any</option>
            <option>INCOMING</option>
            <option>OUTGOING</option>
          </select>
        </Field>
        <label>
          Customer
          <input {...form.register('customer')} placeholder="Customer:… or your customer id" />
        </label>
        <label>
          Reference
          <input {...form.register('reference')} />
        </label>
        <label>
          From (UTC)
          <input type="date" {...form.register('from')} />
        </label>
        <label>
          To (UTC)
          <input type="date" {...form.register('to')} />
        </label>
        <Field label="Rows per page">
          <select {...form.register('limit')}>
            {PAGE_SIZES.map((size) => (
              <option key={size}>{size}</option>
            ))}
          </select>
        </Field>
        <button type="submit">Apply filters</button>
      </form>
      <button type="button" className="secondary" onClick={() => list.refetch()} disabled={list.isFetching}>
        Refresh
      </button>
      <ErrorNotice error={list.error} />
      <DataTable
        caption="Transactions, newest first"
        rows={list.data?.data ?? []}
        columns={COLUMNS}
        empty={list.isPending ? 'Loading…' : 'No transactions match'}
      />
      <Pager pages={pages} page={list.data} />
    </section>
  );
}
