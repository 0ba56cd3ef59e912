import { Permission } from '@payments/contracts';

export type Upstream = 'customers' | 'quoting' | 'transfers' | 'ledger' | 'bulkImport' | 'webhooks';

export interface RouteRule {
  /** Path prefix under the version segment, matched on whole segments. */
  prefix: string;
  upstream: Upstream;
  /** Permission needed for anything but GET and HEAD. */
  writePermission: Permission;
  /** Permission needed for GET and HEAD: VIEW unless a read has effects beyond reading. */
  readPermission?: Permission;
}

/** Which app owns which part of the public API. The longest matching prefix wins. */
const RULES: RouteRule[] = [
  { prefix: '/customers/internal-accounts', upstream: 'ledger', writePermission: 'MANAGE' },
  { prefix: '/platform/internal-accounts', upstream: 'ledger', writePermission: 'MANAGE' },
  { prefix: '/customers/bulk', upstream: 'bulkImport', writePermission: 'MANAGE' },
  // A KYC link opens a hosted page that creates the customer's KYC session: it needs what creating
  // customers needs, not VIEW (docs/security.md).
  {
    prefix: '/customers/kyc-link',
    upstream: 'customers',
    writePermission: 'MANAGE',
    readPermission: 'MANAGE',
  },
  { prefix: '/customers', upstream: 'customers', writePermission: 'MANAGE' },
  { prefix: '/platform/external-accounts', upstream: 'customers', writePermission: 'MANAGE' },
  { prefix: '/config', upstream: 'customers', writePermission: 'MANAGE' },
  { prefix: '/plaid', upstream: 'customers', writePermission: 'MANAGE' },
  { prefix: '/quotes', upstream: 'quoting', writePermission: 'TRANSACT' },
  { prefix: '/exchange-rates', upstream: 'quoting', writePermission: 'TRANSACT' },
  { prefix: '/fee-rules', upstream: 'quoting', writePermission: 'MANAGE' },
  { prefix: '/transfer-in', upstream: 'transfers', writePermission: 'TRANSACT' },
  { prefix: '/transfer-out', upstream: 'transfers', writePermission: 'TRANSACT' },
  { prefix: '/transactions', upstream: 'transfers', writePermission: 'TRANSACT' },
  // A UMA lookup calls the receiver's VASP on the caller's behalf and opens a payment: TRANSACT.
  { prefix: '/receiver/uma', upstream: 'quoting', writePermission: 'TRANSACT', readPermission: 'TRANSACT' },
  { prefix: '/receiver', upstream: 'quoting', writePermission: 'TRANSACT' },
  { prefix: '/uma-providers', upstream: 'quoting', writePermission: 'TRANSACT' },
  // Just-in-time funds settle a quote, which the quoting app owns.
  { prefix: '/sandbox/send', upstream: 'quoting', writePermission: 'TRANSACT' },
  { prefix: '/sandbox', upstream: 'transfers', writePermission: 'TRANSACT' },
  { prefix: '/webhooks', upstream: 'webhooks', writePermission: 'MANAGE' },
  // Reports are reads (VIEW): the transactions export from the app that owns transactions, the
  // balances from the ledger, which alone owns entries (docs/api.md, "Reports").
  { prefix: '/reports/transactions', upstream: 'transfers', writePermission: 'MANAGE' },
  { prefix: '/reports/balances', upstream: 'ledger', writePermission: 'MANAGE' },
  // The ledger's postings of a transaction: reads only, from the app that alone owns entries.
  { prefix: '/ledger', upstream: 'ledger', writePermission: 'MANAGE' },
  // A send-by-link step of a payment flow, not account set-up: TRANSACT, like quotes (docs/architecture.md).
  { prefix: '/invitations', upstream: 'customers', writePermission: 'TRANSACT' },
].sort((a, b) => b.prefix.length - a.prefix.length) as RouteRule[];

/** POST endpoints where an Idempotency-Key replays the first response (docs/api.md#idempotency). */
const IDEMPOTENT_POSTS: RegExp[] = [
  /^\/quotes$/,
  /^\/quotes\/[^/]+\/execute$/,
  /^\/transfer-in$/,
  /^\/transfer-out$/,
  /^\/customers$/,
  /^\/sandbox\/internal-accounts\/[^/]+\/fund$/,
  /^\/sandbox\/uma\/receive$/,
  /^\/sandbox\/send$/,
];

export function findRoute(path: string): RouteRule | undefined {
  return RULES.find((rule) => path === rule.prefix || path.startsWith(`${rule.prefix}/`));
}

export function requiredPermission(
  method: string,
  rule: Pick<RouteRule, 'writePermission' | 'readPermission'>,
): Permission {
  return method === 'GET' || method === 'HEAD' ? (rule.readPermission ?? 'VIEW') : rule.writePermission;
}

export function isIdempotentPost(method: string, path: string): boolean {
  return method === 'POST' && IDEMPOTENT_POSTS.some((pattern) => pattern.test(path));
}

export function isSandboxOnly(path: string): boolean {
  return path === '/sandbox' || path.startsWith('/sandbox/');
}
