import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { answer } from '@console/api/client';
import type { components, operations } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { useSession } from '@console/session/session';
import { Pager } from '@console/ui/cursor-pages';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { ChoiceField } from '@console/ui/filter-fields';
import { useSearchFilters } from '@console/ui/search-filters';
import { StatusBadge } from '@console/ui/status-badge';
import { customerName } from './customer-name';

type Customer = components['schemas']['CustomerPage']['data'][number];
type CustomerQuery = NonNullable<operations['CustomersController_list']['parameters']['query']>;

const SEARCH_FIELDS = ['platformCustomerId', 'customerType'] as const;

const column = createColumnHelper<Customer>();
const COLUMNS = [
  column.accessor('platformCustomerId', {
    header: 'Your customer id',
    cell: (cell) => (
      <Link to={`/customers/${encodeURIComponent(cell.row.original.id)}`}>{cell.getValue()}</Link>
    ),
  }),
  column.accessor((customer) => customerName(customer), { id: 'name', header: 'Name' }),
  column.accessor('customerType', { header: 'Type' }),
  column.accessor('kycStatus', { header: 'KYC', cell: (cell) => <StatusBadge status={cell.getValue()} /> }),
  column.accessor('umaAddress', { header: 'UMA address' }),
  column.accessor('createdAt', { header: 'Created', cell: (cell) => formatTimestamp(cell.getValue()) }),
];

/** Customers, found by the platform's own id (exact), newest first. */
export function CustomersPage() {
  const { api } = useSession();
  const { filters, pages, form, apply } = useSearchFilters(SEARCH_FIELDS);
  const query: CustomerQuery = {
    limit: 20,
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
    ...(filters.platformCustomerId?.trim() ? { platformCustomerId: filters.platformCustomerId.trim() } : {}),
    ...(filters.customerType ? { customerType: filters.customerType as CustomerQuery['customerType'] } : {}),
  };
  const list = useQuery({
    queryKey: ['customers', query],
    queryFn: () => answer(api.GET('/2025-10-13/customers', { params: { query } })),
  });
  return (
    <section>
      <h1>Customers</h1>
      <form className="filters" onSubmit={apply} aria-label="Customer search">
        <label>
          Your customer id
          <input {...form.register('platformCustomerId')} />
        </label>
        <ChoiceField
          label="Type"
          name="customerType"
          choices={['INDIVIDUAL', 'BUSINESS']}
          register={form.register}
        />
        <button type="submit">Search</button>
      </form>
      <ErrorNotice error={list.error} />
      <DataTable
        caption="Customers, newest first"
        rows={list.data?.data ?? []}
        columns={COLUMNS}
        empty={list.isPending ? 'Loading…' : 'No customer matches'}
      />
      <Pager pages={pages} page={list.data} />
    </section>
  );
}
