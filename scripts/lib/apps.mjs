/**
 * The seven deployables, their default ports, the env variable each one's port is read from and the
 * Postgres schema each owns (its `database.ts`; docs/architecture.md, "Apps").
 */
export const APPS = [
  { name: 'customers', port: 8081, portVariable: 'CUSTOMERS_PORT', schema: 'customers' },
  { name: 'quoting', port: 8082, portVariable: 'QUOTING_PORT', schema: 'quoting' },
  { name: 'transfers', port: 8083, portVariable: 'TRANSFERS_PORT', schema: 'transfers' },
  { name: 'ledger', port: 8084, portVariable: 'LEDGER_PORT', schema: 'ledger' },
  { name: 'bulk-import-worker', port: 8085, portVariable: 'BULK_IMPORT_WORKER_PORT', schema: 'bulk_import' },
  { name: 'webhook-dispatcher', port: 8086, portVariable: 'WEBHOOK_DISPATCHER_PORT', schema: 'webhooks' },
  { name: 'gateway', port: 8080, portVariable: 'GATEWAY_PORT', schema: 'gateway' },
];

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function appEntry(app, file = 'main.js') {
  return `${ROOT}/dist/apps/${app}/src/${file}`;
}
