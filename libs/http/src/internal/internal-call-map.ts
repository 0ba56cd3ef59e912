/** The deployables, by the name each one signs its caller assertions with. */
export const INTERNAL_APPS = [
  'gateway',
  'customers',
  'quoting',
  'transfers',
  'ledger',
  'bulk-import-worker',
  'webhook-dispatcher',
] as const;

export type InternalApp = (typeof INTERNAL_APPS)[number];

/**
 * Who may call whom over HTTP inside the cluster: the gateway calls every app, and each app calls
 * only the owners it asks (docs/architecture.md, "Apps"; deploy/k8s/network-policies.yaml lets
 * the same traffic through). An assertion from any other issuer is refused, signature or not.
 */
const CALLERS: Record<InternalApp, readonly InternalApp[]> = {
  gateway: [],
  customers: ['gateway', 'transfers', 'quoting', 'bulk-import-worker'],
  quoting: ['gateway', 'transfers'],
  transfers: ['gateway', 'quoting', 'customers'],
  ledger: ['gateway', 'transfers', 'quoting'],
  'bulk-import-worker': ['gateway'],
  'webhook-dispatcher': ['gateway', 'customers'],
};

/** The apps that may call `app`; none for a name outside the deployment. */
export function callersOf(app: string): readonly string[] {
  return isInternalApp(app) ? CALLERS[app] : [];
}

export function isInternalApp(name: string): name is InternalApp {
  return (INTERNAL_APPS as readonly string[]).includes(name);
}
