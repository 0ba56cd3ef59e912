import { ApiException } from '@payments/http';
import { amountToSendOf } from '@customers/invitations/invitation-amount';
import { CurrencyConfig } from '@customers/platforms/platform-config.entity';

const currency = (currencyCode: string, minAmount = 100, maxAmount = 1_000_000): CurrencyConfig => ({
  currencyCode,
  minAmount,
  maxAmount,
  requiredCounterpartyFields: [],
  enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
});
const PLATFORM_CURRENCIES = [currency('USD'), currency('MXN', 1_000, 50_000_000)];

const codeOf = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as ApiException).code;
  }
};

describe('amountToSendOf', () => {
  it('stores nothing when no amount is named', () => {
    expect(amountToSendOf(PLATFORM_CURRENCIES, {})).toEqual({ amountToSend: null, currency: null });
  });

  it("takes the platform's first currency unless the request names another of them", () => {
    expect(amountToSendOf(PLATFORM_CURRENCIES, { amountToSend: 12_550 })).toEqual({
      amountToSend: '12550',
      currency: 'USD',
    });
    expect(
      amountToSendOf(PLATFORM_CURRENCIES, { amountToSend: 12_550, amountToSendCurrency: 'MXN' }),
    ).toEqual({
      amountToSend: '12550',
      currency: 'MXN',
    });
  });

  it('refuses a currency the platform does not support, and one without an amount', () => {
    expect(
      codeOf(() => amountToSendOf(PLATFORM_CURRENCIES, { amountToSend: 500, amountToSendCurrency: 'EUR' })),
    ).toBe('INVALID_CURRENCY');
    expect(codeOf(() => amountToSendOf([], { amountToSend: 500 }))).toBe('INVALID_CURRENCY');
    expect(codeOf(() => amountToSendOf(PLATFORM_CURRENCIES, { amountToSendCurrency: 'USD' }))).toBe(
      'INVALID_INPUT',
    );
  });

  it("holds the amount to the currency's limits", () => {
    expect(codeOf(() => amountToSendOf(PLATFORM_CURRENCIES, { amountToSend: 99 }))).toBe(
      'AMOUNT_OUT_OF_RANGE',
    );
    expect(codeOf(() => amountToSendOf(PLATFORM_CURRENCIES, { amountToSend: 1_000_001 }))).toBe(
      'AMOUNT_OUT_OF_RANGE',
    );
    expect(codeOf(() => amountToSendOf(PLATFORM_CURRENCIES, { amountToSend: 1_000_000 }))).toBeUndefined();
  });
});
