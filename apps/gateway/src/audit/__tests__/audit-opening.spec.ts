import { Environment } from '@payments/contracts';
import { Principal } from '@gateway/auth/principal';
import { auditOpeningOf, createdResourceId, isAudited, resourceIdInPath } from '@gateway/audit/audit-opening';

const CUSTOMER = 'Customer:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51';
const ACCOUNT = 'ExternalAccount:1c8e7d2f-3a54-4b5f-8b54-3a1d4d9f1e62';
const principal: Principal = {
  tokenId: '2d9f8e3a-4b65-4c6a-9c65-4b2e5eaf2f73',
  tokenName: 'Back office',
  clientId: 'client',
  platformId: 'Platform:3eaf9f4b-5c76-4d7b-8d76-5c3f6fb03a84',
  environment: Environment.Sandbox,
  permissions: ['MANAGE'],
};

describe('audit entries: what is recorded of a request', () => {
  it('audits every method but the reads', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isAudited)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isAudited)).toBe(false);
  });

  it('names the token, the request and the route under the version segment, secret query values redacted', () => {
    const opening = auditOpeningOf(
      { method: 'post', url: `/2025-10-13/customers/${CUSTOMER}/kyc?session=s3cr3t&verbose=1`, id: 'req-1' },
      principal,
    );

    expect(opening).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      platformId: principal.platformId,
      environment: 'SANDBOX',
      tokenId: `Token:${principal.tokenId}`,
      tokenName: 'Back office',
      requestId: 'req-1',
      method: 'POST',
      route: `/customers/${CUSTOMER}/kyc?session=[redacted]&verbose=1`,
      resourceId: CUSTOMER,
    });
  });

  it('redacts a bearer secret in the path, such as an invitation code', () => {
    const opening = auditOpeningOf(
      { method: 'POST', url: '/2025-10-13/invitations/CODE123/claim', id: 1 },
      principal,
    );
    expect(opening.route).toBe('/invitations/[redacted]/claim');
  });

  it('takes the last resource id of the path, encoded or not, and none from the query', () => {
    expect(resourceIdInPath(`/customers/${CUSTOMER}/external-accounts/${ACCOUNT}`)).toBe(ACCOUNT);
    expect(resourceIdInPath(`/quotes/${encodeURIComponent(CUSTOMER)}/execute`)).toBe(CUSTOMER);
    expect(resourceIdInPath(`/customers?id=${CUSTOMER}`)).toBeNull();
    expect(resourceIdInPath('/config')).toBeNull();
  });

  it("takes a create's resource id from the id of its 2xx JSON answer only", () => {
    expect(createdResourceId(201, JSON.stringify({ id: CUSTOMER, name: 'x' }))).toBe(CUSTOMER);
    expect(createdResourceId(400, JSON.stringify({ id: CUSTOMER }))).toBeNull();
    expect(createdResourceId(200, JSON.stringify({ id: 'not an id' }))).toBeNull();
    expect(createdResourceId(201, '{ truncated')).toBeNull();
    expect(createdResourceId(204, undefined)).toBeNull();
  });
});
