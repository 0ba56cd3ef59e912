import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { formatMoney } from '@console/format/money';
import { useSession } from '@console/session/session';
import { Pager } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { Field } from '@console/ui/field';
import { StatusBadge } from '@console/ui/status-badge';
import { useSearchFilters } from '@console/ui/search-filters';
import { ChoiceField, DayRangeFilter } from '@console/ui/filter-fields';
import { FILTER_FIELDS, PAGE_SIZES, transactionQuery } from './transaction-filters';

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
  const { filters, pages, form, apply } = useSearchFilters(FILTER_FIELDS);
  const query = transactionQuery(filters, pages.cursor);
  const list = useQuery({
    queryKey: ['transactions', query],
    queryFn: () => answer(api.GET('/2025-10-13/transactions', { params: { query } })),
  });
  return (
    <section>
      <h1>Transactions</h1>
      <form className="filters" onSubmit={apply} aria-label="Transaction filters">
        <ChoiceField label="Status" name="status" choices={STATUSES} register={form.register} />
        <ChoiceField label="Type" name="type" choices={['INCOMING', 'OUTGOING']} register={form.register} />
        <label>
          Customer
          <input {...form.register('customer')} placeholder="Customer:… or your customer id" />
        </label>
        <label>
          Reference
          <input {...form.register('reference')} />
        </label>
        <DayRangeFilter register={form.register} />
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
