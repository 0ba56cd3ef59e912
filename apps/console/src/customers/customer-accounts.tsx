import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatMoney } from '@console/format/money';
import { useSession } from '@console/session/session';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { StatusBadge } from '@console/ui/status-badge';
import { accountIdentifier } from './account-identifier';

type InternalAccount = components['schemas']['InternalAccountView'];
type ExternalAccount = components['schemas']['ExternalAccountView'];

const internal = createColumnHelper<InternalAccount>();
const INTERNAL_COLUMNS = [
  internal.accessor('id', { header: 'Account', cell: (cell) => <code>{cell.getValue()}</code> }),
  internal.accessor('balance', {
    header: 'Balance',
    cell: (cell) => formatMoney(cell.getValue().amount, cell.getValue().currency),
  }),
];

const external = createColumnHelper<ExternalAccount>();
const EXTERNAL_COLUMNS = [
  external.accessor('id', { header: 'Account', cell: (cell) => <code>{cell.getValue()}</code> }),
  external.accessor('currency', { header: 'Currency' }),
  external.accessor((account) => account.accountInfo.accountType, { id: 'rail', header: 'Kind' }),
  external.accessor((account) => accountIdentifier(account.accountInfo), { id: 'number', header: 'Number' }),
  external.accessor('status', { header: 'Status', cell: (cell) => <StatusBadge status={cell.getValue()} /> }),
];

/** The customer's balances (one internal account per currency) and the accounts it pays out to. */
export function CustomerAccounts({ customerId }: { customerId: string }) {
  const { api } = useSession();
  const query = { customerId, limit: 100 };
  const balances = useQuery({
    queryKey: ['internal-accounts', customerId],
    queryFn: () => answer(api.GET('/2025-10-13/customers/internal-accounts', { params: { query } })),
  });
  const payees = useQuery({
    queryKey: ['external-accounts', customerId],
    queryFn: () => answer(api.GET('/2025-10-13/customers/external-accounts', { params: { query } })),
  });
  return (
    <>
      <h2>Balances</h2>
      <ErrorNotice error={balances.error} />
      <DataTable caption="Internal accounts" rows={balances.data?.data ?? []} columns={INTERNAL_COLUMNS} />
      <h2>External accounts</h2>
      <ErrorNotice error={payees.error} />
      <DataTable
        caption="External accounts"
        rows={payees.data?.data ?? []}
        columns={EXTERNAL_COLUMNS}
        empty="None"
      />
    </>
  );
}
