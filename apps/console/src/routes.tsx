import type { RouteObject } from 'react-router';
import { AuditLogPage } from './audit/audit-log-page';
import { CustomerPage } from './customers/customer-page';
import { CustomersPage } from './customers/customers-page';
import { FeeRulesPage } from './fee-rules/fee-rules-page';
import { ImportPage } from './imports/import-page';
import { ImportsPage } from './imports/imports-page';
import { SettingsPage } from './settings/settings-page';
import { TokensPage } from './settings/tokens-page';
import { TransactionPage } from './transactions/transaction-page';
import { TransactionsPage } from './transactions/transactions-page';
import { DeliveriesPage } from './webhooks/deliveries-page';
import { DeliveryPage } from './webhooks/delivery-page';

/** The console's pages, under /console; each is a client of the public API only. */
export const ROUTES: RouteObject[] = [
  { path: 'transactions', element: <TransactionsPage /> },
  { path: 'transactions/:transactionId', element: <TransactionPage /> },
  { path: 'webhooks', element: <DeliveriesPage /> },
  { path: 'webhooks/:webhookId', element: <DeliveryPage /> },
  { path: 'customers', element: <CustomersPage /> },
  { path: 'customers/:customerId', element: <CustomerPage /> },
  { path: 'imports', element: <ImportsPage /> },
  { path: 'imports/:jobId', element: <ImportPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'tokens', element: <TokensPage /> },
  { path: 'fee-rules', element: <FeeRulesPage /> },
  { path: 'audit-log', element: <AuditLogPage /> },
];
