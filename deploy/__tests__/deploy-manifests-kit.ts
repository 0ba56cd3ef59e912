import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * For the checks of the Docker Compose file, the Dockerfile and the Kubernetes manifests against the
 * apps' ports and entry points, without a container engine or a cluster.
 */

export const repoRoot = path.resolve(__dirname, '../..');

export interface AppSpec {
  name: string;
  port: number;
  portVariable: string;
  /** The gateway's variable holding this app's base URL. */
  gatewayUrlVariable?: string;
}

export const apps: AppSpec[] = [
  { name: 'gateway', port: 8080, portVariable: 'GATEWAY_PORT' },
  { name: 'customers', port: 8081, portVariable: 'CUSTOMERS_PORT', gatewayUrlVariable: 'CUSTOMERS_URL' },
  { name: 'quoting', port: 8082, portVariable: 'QUOTING_PORT', gatewayUrlVariable: 'QUOTING_URL' },
  { name: 'transfers', port: 8083, portVariable: 'TRANSFERS_PORT', gatewayUrlVariable: 'TRANSFERS_URL' },
  { name: 'ledger', port: 8084, portVariable: 'LEDGER_PORT', gatewayUrlVariable: 'LEDGER_URL' },
  {
    name: 'bulk-import-worker',
    port: 8085,
    portVariable: 'BULK_IMPORT_WORKER_PORT',
    gatewayUrlVariable: 'BULK_IMPORT_URL',
  },
  {
    name: 'webhook-dispatcher',
    port: 8086,
    portVariable: 'WEBHOOK_DISPATCHER_PORT',
    gatewayUrlVariable: 'WEBHOOK_DISPATCHER_URL',
  },
];

export function readRepoFile(relativePath: string): string {
  return readFileSync(path.join(repoRoot, relativePath), 'utf8');
}

/** Parses every document of a YAML file, resolving `<<` merge keys; any syntax error fails. */
export function parseYamlDocuments<T>(relativePath: string): T[] {
  return parseAllDocuments(readRepoFile(relativePath), { merge: true }).map((document) => {
    if (document.errors.length) throw new Error(`${relativePath}: ${document.errors.map(String).join('; ')}`);
    return document.toJS() as T;
  });
}

export function commandText(command: string | string[] | undefined): string {
  return Array.isArray(command) ? command.join(' ') : (command ?? '');
}
