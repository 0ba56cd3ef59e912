import type { RouteObject } from 'react-router';
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
  { path: 'imports', element: <ImportsPage /> },
  { path: 'imports/:jobId', element: <ImportPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'tokens', element: <TokensPage /> },
];
