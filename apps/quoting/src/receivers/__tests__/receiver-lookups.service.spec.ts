import { ConfigService } from '@nestjs/config';
import { CurrencyLimitsV1, Environment, toApiId, uuidOf } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { currencyOf, Ratio } from '@payments/money';
import { randomUUID } from 'node:crypto';
import { AccountDirectory } from '@quoting/accounts/account-directory';
import { PlatformCurrencies } from '@quoting/platforms/platform-currencies';
import { PlatformCurrenciesStore } from '@quoting/platforms/platform-currencies.store';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { RateBook } from '@quoting/rates/rate-book';
import { LookupRows } from '@quoting/receivers/__tests__/lookup-rows';
import { ReceiverLookupStore } from '@quoting/receivers/receiver-lookup.store';
import { ReceiverLookupsService } from '@quoting/receivers/receiver-lookups.service';
import { RemoteUmaCounterparty } from '@quoting/uma/remote-uma-counterparty';
import { SANDBOX_PAYER_DATA } from '@quoting/uma/sandbox-uma-counterparty';
import { UmaCounterparties } from '@quoting/uma/uma-counterparties';

const QUOTE_TTL_SECONDS = 300;
const SANDBOX_DOMAIN = 'sandbox.grid.uma.money';
const caller: Caller = { platformId: toApiId('Platform', randomUUID()), environment: Environment.Sandbox };
const production: Caller = { ...caller, environment: Environment.Production };
const CUSTOMER = 'Customer:1';
const CUSTOMER_UMA = '$jane@acme.uma.local';
/** What the estimates convert at: 17.123456789 of any currency per sending unit. */
const RATE = Ratio.parse('17.123456789');

const limits = (currencyCode: string, directions: ('INCOMING' | 'OUTGOING')[]): CurrencyLimitsV1 => ({
  currencyCode,
  minAmount: 100,
  maxAmount: 500_000,
  enabledTransactionTypes: directions,
});

/**
 * The service with its store and the platform's currencies as typed in-memory fakes, the simulated
 * sandbox receivers, and jest fakes for the remote peer, the accounts and the rates.
 */
function lookups(currencies: CurrencyLimitsV1[] = [limits('USD', ['INCOMING', 'OUTGOING'])]) {
  const store = new LookupRows(QUOTE_TTL_SECONDS);
  const platformCurrencies = { currenciesOf: jest.fn(async () => currencies) };
  const config = {
    get: (name: string) => ({ QUOTE_TTL_SECONDS, SANDBOX_UMA_DOMAIN: SANDBOX_DOMAIN })[name],
  } as unknown as ConfigService<QuotingEnvironment, true>;
  const remote = { lookup: jest.fn() };
  const accounts = {
    account: jest.fn(),
    customerUmaAddress: jest.fn().mockResolvedValue(CUSTOMER_UMA),
  };
  const rates = { rate: jest.fn().mockResolvedValue({ applied: RATE }) };
  const service = new ReceiverLookupsService(
    store as unknown as ReceiverLookupStore,
    new UmaCounterparties(config, remote as unknown as RemoteUmaCounterparty),
    accounts as unknown as AccountDirectory,
    new PlatformCurrencies(platformCurrencies as unknown as PlatformCurrenciesStore),
    rates as unknown as RateBook,
  );
  /** The stored lookup a view names, as quote creation finds it. */
  const storedOf = (view: { lookupId: string }, who = caller) =>
    store.find(scopeOf(who), uuidOf('Lookup', view.lookupId)!);
  return { service, remote, accounts, rates, storedOf, stored: store.stored, platformCurrencies };
}

afterEach(() => jest.useRealTimers());

describe('ReceiverLookupsService: a UMA address', () => {
  it('looks up a sandbox receiver and keeps what it accepts under the lookupId for the lifetime of a quote', async () => {
    jest.useFakeTimers({ now: new Date('2025-10-13T10:00:00.000Z') });
    const { service, remote, storedOf } = lookups();

    const view = await service.lookupUma(caller, '$Success.MXN@Sandbox.Grid.UMA.money', {
      customerId: CUSTOMER,
    });

    expect(view).toEqual({
      receiverUmaAddress: `$success.mxn@${SANDBOX_DOMAIN}`,
      lookupId: expect.stringMatching(/^Lookup:/),
      sendingCurrency: currencyOf('USD'),
      supportedCurrencies: [
        { currency: currencyOf('MXN'), estimatedExchangeRate: 17.123457, min: 1, max: 1e12 },
      ],
      requiredPayerDataFields: SANDBOX_PAYER_DATA,
    });
    expect(await storedOf(view)).toMatchObject({
      ...scopeOf(caller),
      receiverUmaAddress: `$success.mxn@${SANDBOX_DOMAIN}`,
      senderCustomerId: CUSTOMER,
      senderUmaAddress: CUSTOMER_UMA,
      expired: false,
    });
    expect(await storedOf(view, production)).toBeUndefined();
    jest.advanceTimersByTime(QUOTE_TTL_SECONDS * 1_000 - 1);
    expect(await storedOf(view)).toMatchObject({ expired: false });
    jest.advanceTimersByTime(1);
    expect(await storedOf(view)).toMatchObject({ expired: true });
    expect(remote.lookup).not.toHaveBeenCalled();
  });

  it('answers 424 LNURLP_REQUEST_FAILED for $fail.lnurlp, an unknown sandbox user and production credentials, storing nothing', async () => {
    const { service, stored } = lookups();

    for (const [who, address] of [
      [caller, `$fail.lnurlp@${SANDBOX_DOMAIN}`],
      [caller, `$nobody@${SANDBOX_DOMAIN}`],
      [production, `$success.mxn@${SANDBOX_DOMAIN}`],
    ] as const) {
      await expect(service.lookupUma(who, address, { customerId: CUSTOMER })).rejects.toMatchObject({
        code: 'LNURLP_REQUEST_FAILED',
        status: 424,
      });
    }
    expect(stored.size).toBe(0);
  });

  it("asks a receiver at any other domain through the remote peer, as the platform and its sender, keeping the peer's state", async () => {
    const { service, remote, storedOf } = lookups();
    const state = { callback: 'https://other.example/callback', nonce: 'n-1' };
    remote.lookup.mockResolvedValue({
      currencies: [{ code: 'EUR', min: 10, max: 90_000 }],
      requiredPayerData: [{ name: 'FULL_NAME', mandatory: true }],
      state,
    });

    const view = await service.lookupUma(production, '$bob@other.example', {
      senderUmaAddress: '$Ada@Acme.UMA.local',
    });

    expect(remote.lookup).toHaveBeenCalledWith(
      { address: '$bob@other.example', user: 'bob', domain: 'other.example' },
      { platform: scopeOf(production), umaAddress: '$ada@acme.uma.local' },
    );
    expect(view.supportedCurrencies).toEqual([
      { currency: currencyOf('EUR'), estimatedExchangeRate: 17.123457, min: 10, max: 90_000 },
    ]);
    expect(await storedOf(view, production)).toMatchObject({
      counterpartyState: state,
      senderCustomerId: null,
    });
  });

  it("passes the remote peer's refusal on, storing nothing", async () => {
    const { service, remote, stored } = lookups();
    remote.lookup.mockRejectedValue(new ApiException('COUNTERPARTY_PUBKEY_FETCH_ERROR', 'no keys'));

    await expect(
      service.lookupUma(caller, '$bob@other.example', { customerId: CUSTOMER }),
    ).rejects.toMatchObject({
      code: 'COUNTERPARTY_PUBKEY_FETCH_ERROR',
    });
    expect(stored.size).toBe(0);
  });

  it('refuses a malformed receiver or sender address with 400 INVALID_UMA_ADDRESS, looking nothing up', async () => {
    const { service, remote, accounts } = lookups();

    await expect(
      service.lookupUma(caller, 'bob@other.example', { customerId: CUSTOMER }),
    ).rejects.toMatchObject({
      code: 'INVALID_UMA_ADDRESS',
    });
    await expect(
      service.lookupUma(caller, '$bob@other.example', { senderUmaAddress: 'ada at acme' }),
    ).rejects.toMatchObject({ code: 'INVALID_UMA_ADDRESS' });
    expect(remote.lookup).not.toHaveBeenCalled();
    expect(accounts.customerUmaAddress).not.toHaveBeenCalled();
  });
});

describe('ReceiverLookupsService: the sender', () => {
  it('needs a customerId or a senderUmaAddress: 400 on customerId otherwise', async () => {
    const { service } = lookups();

    await expect(service.lookupUma(caller, `$success.mxn@${SANDBOX_DOMAIN}`, {})).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'customerId', message: expect.stringContaining('senderUmaAddress') }] },
    });
  });

  it("takes a named senderUmaAddress over the customer's own, and keeps both", async () => {
    const { service, storedOf } = lookups();

    const view = await service.lookupUma(caller, `$success.mxn@${SANDBOX_DOMAIN}`, {
      customerId: CUSTOMER,
      senderUmaAddress: '$other@acme.uma.local',
    });

    expect(await storedOf(view)).toMatchObject({
      senderCustomerId: CUSTOMER,
      senderUmaAddress: '$other@acme.uma.local',
    });
  });

  it("answers 404 USER_NOT_FOUND for a customer who is not the caller's, storing nothing", async () => {
    const { service, accounts, stored } = lookups();
    accounts.customerUmaAddress.mockRejectedValue(new ApiException('USER_NOT_FOUND', 'Customer not found'));

    await expect(
      service.lookupUma(caller, `$success.mxn@${SANDBOX_DOMAIN}`, { customerId: 'Customer:theirs' }),
    ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    expect(accounts.customerUmaAddress).toHaveBeenCalledWith(caller, 'Customer:theirs');
    expect(stored.size).toBe(0);
  });
});

describe('ReceiverLookupsService: the estimated rates', () => {
  it("convert from the platform's first currency enabled for outgoing payments, at 1 for that currency itself", async () => {
    const { service, rates } = lookups([limits('EUR', ['INCOMING']), limits('GBP', ['OUTGOING'])]);

    const view = await service.lookupUma(caller, `$fail.payreq@${SANDBOX_DOMAIN}`, { customerId: CUSTOMER });

    expect(view.sendingCurrency).toEqual(currencyOf('GBP'));
    const rateOf = (code: string) =>
      view.supportedCurrencies.find(({ currency }) => currency.code === code)!.estimatedExchangeRate;
    expect([rateOf('GBP'), rateOf('EUR')]).toEqual([1, 17.123457]);
    expect(rates.rate).toHaveBeenCalledWith('GBP', 'EUR');
    expect(rates.rate).not.toHaveBeenCalledWith('GBP', 'GBP');
  });

  it('convert from the currency the query names, and from USD for a platform without outgoing currencies', async () => {
    const { service } = lookups([limits('EUR', ['INCOMING'])]);
    const receiver = `$success.mxn@${SANDBOX_DOMAIN}`;

    expect((await service.lookupUma(caller, receiver, { customerId: CUSTOMER })).sendingCurrency).toEqual(
      currencyOf('USD'),
    );
    expect(
      (await service.lookupUma(caller, receiver, { customerId: CUSTOMER, sendingCurrency: 'BRL' }))
        .sendingCurrency,
    ).toEqual(currencyOf('BRL'));
  });
});

describe("ReceiverLookupsService: one of the platform's external accounts", () => {
  const ACCOUNT = {
    id: toApiId('ExternalAccount', randomUUID()),
    kind: 'EXTERNAL',
    currency: 'MXN',
    customerId: null,
    status: 'ACTIVE',
  };

  it("takes the account's currency within the platform's limits for incoming payments, asking nothing of the payer", async () => {
    const { service, accounts, storedOf } = lookups([
      limits('MXN', ['INCOMING']),
      limits('USD', ['OUTGOING']),
    ]);
    accounts.account.mockResolvedValue(ACCOUNT);

    const view = await service.lookupExternalAccount(caller, ACCOUNT.id, { customerId: CUSTOMER });

    expect(view).toMatchObject({
      accountId: ACCOUNT.id,
      sendingCurrency: currencyOf('USD'),
      supportedCurrencies: [{ currency: currencyOf('MXN'), min: 100, max: 500_000 }],
      requiredPayerDataFields: [],
    });
    expect(accounts.account).toHaveBeenCalledWith(caller, ACCOUNT.id);
    expect(await storedOf(view)).toMatchObject({
      accountId: ACCOUNT.id,
      receiverUmaAddress: null,
      counterpartyState: {},
    });
  });

  it('sets no limits in a currency the platform has not enabled for incoming payments', async () => {
    const { service, accounts } = lookups([limits('MXN', ['OUTGOING'])]);
    accounts.account.mockResolvedValue(ACCOUNT);

    const view = await service.lookupExternalAccount(caller, ACCOUNT.id, { customerId: CUSTOMER });

    expect(view.supportedCurrencies).toMatchObject([{ min: 1, max: 9_000_000_000_000_000 }]);
  });

  it("fails, rather than advertise no limits, when the platform's currencies cannot be read", async () => {
    const { service, accounts, platformCurrencies } = lookups();
    accounts.account.mockResolvedValue(ACCOUNT);
    const outage = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    platformCurrencies.currenciesOf.mockRejectedValueOnce(outage);

    await expect(service.lookupExternalAccount(caller, ACCOUNT.id, { customerId: CUSTOMER })).rejects.toBe(
      outage,
    );
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an id of another kind without asking, and passes on an unknown account', async () => {
    const { service, accounts, stored } = lookups();
    accounts.account.mockRejectedValue(new ApiException('ACCOUNT_NOT_FOUND', 'not found'));

    for (const accountId of [toApiId('InternalAccount', randomUUID()), 'ExternalAccount:nope', ACCOUNT.id]) {
      await expect(
        service.lookupExternalAccount(caller, accountId, { customerId: CUSTOMER }),
      ).rejects.toMatchObject({
        code: 'ACCOUNT_NOT_FOUND',
        status: 404,
      });
    }
    expect(accounts.account).toHaveBeenCalledTimes(1);
    expect(stored.size).toBe(0);
  });
});
