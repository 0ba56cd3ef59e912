/** The seven deployables, their default ports and the env variable each one's port is read from. */
export const APPS = [
  { name: 'customers', port: 8081, portVariable: 'CUSTOMERS_PORT' },
  { name: 'quoting', port: 8082, portVariable: 'QUOTING_PORT' },
  { name: 'transfers', port: 8083, portVariable: 'TRANSFERS_PORT' },
  { name: 'ledger', port: 8084, portVariable: 'LEDGER_PORT' },
  { name: 'bulk-import-worker', port: 8085, portVariable: 'BULK_IMPORT_WORKER_PORT' },
  { name: 'webhook-dispatcher', port: 8086, portVariable: 'WEBHOOK_DISPATCHER_PORT' },
  { name: 'gateway', port: 8080, portVariable: 'GATEWAY_PORT' },
];

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function appEntry(app, file = 'main.js') {
  return `${ROOT}/dist/apps/${app}/src/${file}`;
}
