import { ApiClient, BENEFICIARY, eventually } from '@payments/testing';
import { CLABE_DETAILS, QUOTE_TTL_MS, quotesE2e } from '@quoting/quotes/__tests__/quotes-e2e-kit';

describe('quotes: request checks and expiry', () => {
  const quotes = quotesE2e();
  const { quote } = quotes;
  let sandbox: ApiClient, customerId: string, clabeAccountId: string;
  beforeAll(() => void ({ sandbox, customerId, clabeAccountId } = quotes));

  it('creates the destination from externalAccountDetails', async () => {
    const response = await quote({
      destination: {
        destinationType: 'EXTERNAL_ACCOUNT_DETAILS',
        externalAccountDetails: { currency: 'MXN', accountInfo: CLABE_DETAILS },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.destination.accountId).toMatch(/^ExternalAccount:/);
    expect(response.body.destination.accountId).not.toBe(clabeAccountId);

    const bad = await quote({
      destination: {
        externalAccountDetails: {
          currency: 'MXN',
          accountInfo: { ...CLABE_DETAILS, clabeNumber: '002010077777777770' },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toMatch(/^destination\.externalAccountDetails\./);
  });

  it('refuses bad requests with 400 and clear codes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lockedCurrencySide: 'BOTH' }, 'INVALID_INPUT'],
      [{ lockedCurrencyAmount: 9_000_000_000_000_001 }, 'INVALID_INPUT'],
      [{ lockedCurrencyAmount: 1.5 }, 'INVALID_INPUT'],
      [{ unknownField: true }, 'INVALID_INPUT'],
      [{ destination: { destinationType: 'UMA_ADDRESS', umaAddress: 'a@b.c' } }, 'INVALID_UMA_ADDRESS'],
      [{ destination: { destinationType: 'UMA_ADDRESS' } }, 'INVALID_INPUT'],
      [{ lockedCurrencyAmount: 50 }, 'AMOUNT_OUT_OF_RANGE'],
      [{ lockedCurrencyAmount: 20_000_000_000 }, 'AMOUNT_OUT_OF_RANGE'],
    ];
    for (const [body, code] of cases) {
      const response = await quote(body);
      expect({ body, status: response.status, code: response.body.code }).toEqual({
        body,
        status: 400,
        code,
      });
    }
    const usd = await sandbox.post('/customers/external-accounts', {
      customerId,
      currency: 'USD',
      accountInfo: {
        accountType: 'US_ACCOUNT',
        accountNumber: '123456789',
        routingNumber: '021000021',
        accountCategory: 'CHECKING',
        bankName: 'Chase',
        beneficiary: BENEFICIARY,
      },
    });
    const sameCurrency = await quote({ destination: { accountId: usd.body.id } });
    expect(sameCurrency.status).toBe(400);
    expect(sameCurrency.body.message).toContain('transfer-out');
  });

  it('expires on its own, and executing after expiresAt is 409 QUOTE_EXPIRED', async () => {
    const created = (await quote({})).body;
    await new Promise((resolve) => setTimeout(resolve, QUOTE_TTL_MS + 500));
    const expired = await eventually(async () => {
      const { body } = await sandbox.get(`/quotes/${created.quoteId}`);
      return body.status === 'EXPIRED' ? body : undefined;
    });
    expect(expired.status).toBe('EXPIRED');
    const executed = await sandbox.post(`/quotes/${created.quoteId}/execute`, {});
    expect(executed.status).toBe(409);
    expect(executed.body).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: `Quote ${created.quoteId} expired at ${created.expiresAt}; create a new quote (POST /quotes) and execute that one`,
      details: { quoteId: created.quoteId, expiresAt: created.expiresAt },
    });
  });
});
