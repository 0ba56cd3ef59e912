import type { RouteObject } from 'react-router';
import { TransactionPage } from './transactions/transaction-page';
import { TransactionsPage } from './transactions/transactions-page';

/** The console's pages, under /console; each is a client of the public API only. */
export const ROUTES: RouteObject[] = [
  { path: 'transactions', element: <TransactionsPage /> },
  { path: 'transactions/:transactionId', element: <TransactionPage /> },
];
