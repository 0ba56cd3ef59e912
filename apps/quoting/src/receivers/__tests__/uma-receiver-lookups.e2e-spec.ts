import { ApiClient, newPlatformClients, PlatformWithEndpoint } from '@payments/testing';
import { SANDBOX, umaPaymentsE2e } from '@quoting/receivers/__tests__/uma-payments-kit';

describe('receiver lookups', () => {
  const uma = umaPaymentsE2e();
  const { api, lookup } = uma;
  let platform: PlatformWithEndpoint, sandbox: ApiClient, customerId: string;
  beforeAll(() => void ({ platform, sandbox, customerId } = uma));

  describe('GET /receiver/uma/{address}', () => {
    it('$success.<currency> receives that currency, with an estimated rate and the payer data it needs', async () => {
      const response = await lookup(`$success.eur@${SANDBOX}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        receiverUmaAddress: `$success.eur@${SANDBOX}`,
        lookupId: expect.stringMatching(/^Lookup:[0-9a-f-]{36}$/),
        sendingCurrency: expect.objectContaining({ code: 'USD' }),
        supportedCurrencies: [
          {
            currency: { code: 'EUR', name: expect.any(String), symbol: '€', decimals: 2 },
            estimatedExchangeRate: expect.any(Number),
            min: 1,
            max: 1_000_000_000_000,
          },
        ],
        requiredPayerDataFields: [
          { name: 'FULL_NAME', mandatory: true },
          { name: 'BIRTH_DATE', mandatory: true },
          { name: 'NATIONALITY', mandatory: false },
        ],
      });
      expect(response.body.supportedCurrencies[0].estimatedExchangeRate).toBeGreaterThan(0);
    });

    it('$fail.lnurlp and unknown domains fail with 424 LNURLP_REQUEST_FAILED; a malformed address is 400', async () => {
      for (const address of [`$fail.lnurlp@${SANDBOX}`, '$bob@elsewhere.example']) {
        const response = await lookup(address);
        expect(response.status).toBe(424);
        expect(response.body.code).toBe('LNURLP_REQUEST_FAILED');
      }
      const malformed = await lookup('bob-at-nowhere');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('INVALID_UMA_ADDRESS');
    });

    it('$fail.payreq is found; a lookup needs a sender, and the sandbox receivers serve sandbox credentials only', async () => {
      expect((await lookup(`$fail.payreq@${SANDBOX}`)).status).toBe(200);
      const anonymous = await sandbox.get(`/receiver/uma/${encodeURIComponent(`$success.eur@${SANDBOX}`)}`);
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.code).toBe('INVALID_INPUT');
      const production = await platform.production.get(
        `/receiver/uma/${encodeURIComponent(`$success.eur@${SANDBOX}`)}?senderUmaAddress=${encodeURIComponent('$ada@acme.example')}`,
      );
      expect(production.status).toBe(424);
    });

    it('looks up an external account of the platform; another platform’s is 404', async () => {
      const account = await sandbox.post('/customers/external-accounts', {
        customerId,
        currency: 'EUR',
        accountInfo: {
          accountType: 'IBAN',
          iban: 'DE89370400440532013000',
          swiftBic: 'COBADEFFXXX',
          beneficiary: {
            beneficiaryType: 'INDIVIDUAL',
            fullName: 'Ada Lovelace',
            birthDate: '1985-12-10',
            nationality: 'GB',
            address: { line1: '1 Main St', city: 'Berlin', state: 'BE', postalCode: '10115', country: 'DE' },
          },
        },
      });
      expect(account.status).toBe(201);
      const found = await sandbox.get(
        `/receiver/external-account/${account.body.id}?customerId=${customerId}`,
      );
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({
        accountId: account.body.id,
        lookupId: expect.stringMatching(/^Lookup:/),
        supportedCurrencies: [{ currency: { code: 'EUR' }, min: 100, max: 10_000_000_000 }],
        requiredPayerDataFields: [],
      });
      const other = newPlatformClients(api).sandbox;
      const hidden = await other.get(
        `/receiver/external-account/${account.body.id}?senderUmaAddress=${encodeURIComponent('$x@y.example')}`,
      );
      expect(hidden.status).toBe(404);
    });
  });
});
