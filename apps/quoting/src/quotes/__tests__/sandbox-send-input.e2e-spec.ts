import { ApiClient, e2eStack, newPlatformClients } from '@payments/testing';

describe('POST /sandbox/send with both reference and quoteId', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;

  beforeAll(() => {
    ({ sandbox } = newPlatformClients(api));
  });

  // A present reference once switched quoteId's checks off, and the service choked on it with a 500.
  it.each([[['QT-1']], [1], [{ id: 'QT-1' }], [null], [true]])(
    'refuses quoteId %j beside a reference with INVALID_INPUT naming quoteId',
    async (quoteId) => {
      const response = await sandbox.post('/sandbox/send', {
        reference: 'QT-NOPE',
        quoteId,
        currencyCode: 'USD',
        currencyAmount: 1,
      });

      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
      const fields = response.body.details.errors.map((error: { field: string }) => error.field);
      expect(new Set(fields)).toEqual(new Set(['quoteId']));
    },
  );
});
