import { ApiClient } from '@payments/testing';
import { SANDBOX, umaPaymentsE2e } from '@quoting/receivers/__tests__/uma-payments-kit';

describe('UMA providers', () => {
  const uma = umaPaymentsE2e();
  let sandbox: ApiClient;
  beforeAll(() => void ({ sandbox } = uma));

  describe('GET /uma-providers', () => {
    it('lists the sandbox provider with its currencies, filtered and paginated like every list', async () => {
      const all = await sandbox.get('/uma-providers');
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        data: [
          expect.objectContaining({
            name: 'Grid Sandbox',
            domain: SANDBOX,
            allowListStatus: true,
            supportedRegions: expect.arrayContaining(['MX', 'US']),
          }),
        ],
        hasMore: false,
        totalCount: 1,
      });
      expect(all.body.data[0].supportedCurrencies).toEqual(
        expect.arrayContaining([
          { code: 'MXN', name: expect.any(String), symbol: expect.any(String), decimals: 2 },
        ]),
      );
      const mx = await sandbox.get(
        '/uma-providers?countryCode=MX&currencyCode=MXN&hasBlockedProviders=false&sortOrder=asc&limit=1',
      );
      expect(mx.body).toMatchObject({ data: [{ domain: SANDBOX }], hasMore: false, totalCount: 1 });
      expect((await sandbox.get('/uma-providers?currencyCode=XYZ')).body).toEqual({
        data: [],
        hasMore: false,
        totalCount: 0,
      });
      for (const bad of ['limit=0', 'cursor=nonsense', 'countryCode=mexico', 'hasBlockedProviders=maybe']) {
        const response = await sandbox.get(`/uma-providers?${bad}`);
        expect(response.status).toBe(400);
      }
    });
  });
});
