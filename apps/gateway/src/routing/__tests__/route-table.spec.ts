import { findRoute, isIdempotentPost, isSandboxOnly, requiredPermission } from '@gateway/routing/route-table';

describe('route table', () => {
  it.each([
    ['/customers', 'customers'],
    ['/customers/Customer:1', 'customers'],
    ['/customers/internal-accounts', 'ledger'],
    ['/customers/bulk/csv', 'bulkImport'],
    ['/platform/internal-accounts', 'ledger'],
    ['/platform/external-accounts', 'customers'],
    ['/quotes/Quote:1/execute', 'quoting'],
    ['/transactions', 'transfers'],
    ['/sandbox/send', 'quoting'],
    ['/sandbox/uma/receive', 'transfers'],
    ['/webhooks/test', 'webhooks'],
    ['/invitations/k3Jx9Qm2Vb7TtZp4Lw8NcA/claim', 'customers'],
    ['/reports/transactions', 'transfers'],
    ['/reports/balances', 'ledger'],
    ['/ledger/postings', 'ledger'],
    ['/transactions/Transaction:1/history', 'transfers'],
  ])('routes %s to %s', (path, upstream) => {
    expect(findRoute(path)?.upstream).toBe(upstream);
  });

  it('needs TRANSACT to create, claim or cancel an invitation: a step of a payment, not set-up', () => {
    expect(findRoute('/invitations')?.writePermission).toBe('TRANSACT');
  });

  it('matches whole path segments only', () => {
    expect(findRoute('/customersx')).toBeUndefined();
    expect(findRoute('/configuration')).toBeUndefined();
    expect(findRoute('/')).toBeUndefined();
  });

  it('needs VIEW to read and the rule permission to write', () => {
    expect(requiredPermission('GET', findRoute('/customers/Customer:1')!)).toBe('VIEW');
    expect(requiredPermission('POST', findRoute('/quotes')!)).toBe('TRANSACT');
    expect(requiredPermission('DELETE', findRoute('/customers/Customer:1')!)).toBe('MANAGE');
    expect(requiredPermission('GET', findRoute('/reports/transactions')!)).toBe('VIEW');
    expect(requiredPermission('GET', findRoute('/reports/balances')!)).toBe('VIEW');
    expect(requiredPermission('GET', findRoute('/ledger/postings')!)).toBe('VIEW');
  });

  it.each([
    [
      'a KYC link, which opens a KYC session, needs what creating a customer needs',
      '/customers/kyc-link',
      'MANAGE',
    ],
    [
      'a UMA receiver lookup, which calls the receiver VASP, needs TRANSACT',
      '/receiver/uma/$bob@vasp.example',
      'TRANSACT',
    ],
    [
      'an external-account receiver lookup stays a read',
      '/receiver/external-account/ExternalAccount:1',
      'VIEW',
    ],
  ])('refuses a VIEW token: %s', (_case, path, permission) => {
    expect(requiredPermission('GET', findRoute(path)!)).toBe(permission);
    expect(requiredPermission('POST', findRoute('/customers')!)).toBe('MANAGE');
  });

  it('replays idempotent POSTs only on the endpoints docs/api.md lists', () => {
    expect(isIdempotentPost('POST', '/customers')).toBe(true);
    expect(isIdempotentPost('POST', '/quotes/Quote:1/execute')).toBe(true);
    expect(isIdempotentPost('POST', '/sandbox/internal-accounts/InternalAccount:1/fund')).toBe(true);
    expect(isIdempotentPost('PATCH', '/customers')).toBe(false);
    expect(isIdempotentPost('POST', '/tokens')).toBe(false);
  });

  it('marks /sandbox paths sandbox-only', () => {
    expect(isSandboxOnly('/sandbox/send')).toBe(true);
    expect(isSandboxOnly('/sandboxed')).toBe(false);
  });
});
