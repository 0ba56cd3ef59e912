import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { currencyOfCode } from '@console/format/currencies';
import { formatTimestamp } from '@console/format/dates';
import { formatMoney } from '@console/format/money';
import { useSession } from '@console/session/session';
import { DataTable } from '@console/ui/data-table';
import { ErrorNotice } from '@console/ui/error-notice';
import { Facts } from '@console/ui/facts';
import { WebhookEndpoint } from './webhook-endpoint';

type SupportedCurrency = components['schemas']['SupportedCurrencyView'];

const column = createColumnHelper<SupportedCurrency>();
const COLUMNS = [
  column.accessor('currencyCode', { header: 'Currency' }),
  column.accessor('minAmount', {
    header: 'Least per payment',
    cell: (cell) => formatMoney(cell.getValue(), currencyOfCode(cell.row.original.currencyCode)),
  }),
  column.accessor('maxAmount', {
    header: 'Most per payment',
    cell: (cell) => formatMoney(cell.getValue(), currencyOfCode(cell.row.original.currencyCode)),
  }),
  column.accessor('enabledTransactionTypes', {
    header: 'Directions',
    cell: (cell) => (cell.getValue() ?? []).join(', '),
  }),
  column.accessor('providerRequiredCustomerFields', {
    header: 'Customer fields the provider needs',
    cell: (cell) => (cell.getValue() ?? []).join(', ') || '—',
  }),
];

/** The platform's configuration in this environment, and its webhook endpoint. */
export function SettingsPage() {
  const { api } = useSession();
  const config = useQuery({ queryKey: ['config'], queryFn: () => answer(api.GET('/2025-10-13/config')) });
  const view = config.data;
  return (
    <section>
      <h1>Settings</h1>
      <ErrorNotice error={config.error} />
      {view && (
        <>
          <Facts
            items={[
              ['Configuration', <code key="id">{view.id}</code>],
              ['UMA domain', view.umaDomain],
              ['UMA domain verification', view.umaDomainVerification?.status],
              ['Regulated financial institution', view.isRegulatedFinancialInstitution ? 'Yes' : 'No'],
              ['Updated', formatTimestamp(view.updatedAt)],
            ]}
          />
          <WebhookEndpoint current={view.webhookEndpoint ?? undefined} />
          <h2>Currencies</h2>
          <DataTable
            caption="Currencies the platform takes"
            rows={view.supportedCurrencies}
            columns={COLUMNS}
          />
          <details>
            <summary>Webhook signature public key</summary>
            <pre>{view.webhookPublicKey}</pre>
          </details>
        </>
      )}
    </section>
  );
}
