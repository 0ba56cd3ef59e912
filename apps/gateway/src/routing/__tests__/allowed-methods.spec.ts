import { AllowedMethods } from '@gateway/routing/allowed-methods';

const methods = new AllowedMethods({
  paths: {
    '/2025-10-13/customers': { get: {}, post: {} },
    '/2025-10-13/customers/{customerId}': { get: {}, patch: {}, delete: {} },
    '/2025-10-13/customers/external-accounts': { get: {}, post: {} },
    '/2025-10-13/quotes/{quoteId}/execute': { post: {} },
  },
});

describe('AllowedMethods', () => {
  it('refuses a method the path does not take with 405, naming those it takes', () => {
    const refusal = methods.refusal('PUT', '/customers/Customer:1');
    expect(refusal).toMatchObject({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      details: { allow: ['DELETE', 'GET', 'HEAD', 'PATCH'] },
    });
  });

  it('prefers a literal path over a parameter', () => {
    expect(methods.refusal('DELETE', '/customers/external-accounts')?.details).toEqual({
      allow: ['GET', 'HEAD', 'POST'],
    });
  });

  it('has nothing to say of a method the path takes, or of a path the API does not have', () => {
    expect(methods.refusal('POST', '/quotes/Quote:1/execute')).toBeUndefined();
    expect(methods.refusal('HEAD', '/customers')).toBeUndefined();
    expect(methods.refusal('GET', '/no-such-thing')).toBeUndefined();
    expect(methods.refusal('GET', '/quotes/Quote:1/execute/more')).toBeUndefined();
  });
});
