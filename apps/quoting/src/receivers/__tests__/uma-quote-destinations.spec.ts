import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { ReceiverLookup, ReceiverLookupStore } from '@quoting/receivers/receiver-lookup.store';
import { UmaQuoteDestinations } from '@quoting/receivers/uma-quote-destinations';
import { RemoteUmaCounterparty } from '@quoting/uma/remote-uma-counterparty';
import { UmaCounterparties } from '@quoting/uma/uma-counterparties';

const PLATFORM = '7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e';
const LOOKUP = '0a6c3f0e-51a4-4b1e-9f3c-4c1f6d2b8e01';
const caller: Caller = { platformId: `Platform:${PLATFORM}`, environment: Environment.Sandbox };
const RECEIVER = '$success.eur@sandbox.grid.uma.money';
const INFO = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' };

function destinations(lookup: Partial<ReceiverLookup & { expired: boolean }> | null): UmaQuoteDestinations {
  const stored =
    lookup &&
    ({
      id: LOOKUP,
      platformId: PLATFORM,
      environment: Environment.Sandbox,
      receiverUmaAddress: RECEIVER,
      accountId: null,
      senderCustomerId: null,
      senderUmaAddress: null,
      currencies: [
        { code: 'EUR', min: 1, max: 1_000 },
        { code: 'GBP', min: 1, max: 2_000 },
      ],
      requiredPayerData: [{ name: 'FULL_NAME', mandatory: true }],
      counterpartyState: {},
      expiresAt: new Date(),
      expired: false,
      ...lookup,
    } as ReceiverLookup & { expired: boolean });
  const store = {
    find: async (scope: { platformId: string }) => (scope.platformId === PLATFORM ? stored : undefined),
  };
  const config = { get: () => 'sandbox.grid.uma.money' } as unknown as ConfigService;
  return new UmaQuoteDestinations(
    store as unknown as ReceiverLookupStore,
    new UmaCounterparties(config as never, {} as RemoteUmaCounterparty),
  );
}

async function refusal(promise: Promise<unknown>): Promise<ApiException> {
  return promise.then(
    () => {
      throw new Error('accepted');
    },
    (error: ApiException) => error,
  );
}

describe('UMA quote destinations', () => {
  it('takes the lookup’s first currency unless the destination names one, by either id prefix', async () => {
    const resolved = await destinations({}).resolve(
      caller,
      { umaAddress: RECEIVER },
      `Lookup:${LOOKUP}`,
      INFO,
    );
    expect(resolved).toEqual({
      umaAddress: RECEIVER,
      lookupId: LOOKUP,
      receiving: { code: 'EUR', min: 1, max: 1_000 },
      senderCustomerInfo: INFO,
      counterpartyInformation: null,
    });
    const named = await destinations({}).resolve(
      caller,
      { umaAddress: RECEIVER.toUpperCase(), currency: 'GBP' },
      `LookupRequest:${LOOKUP}`,
      INFO,
    );
    expect(named.receiving.code).toBe('GBP');
  });

  it.each([
    ['no lookupId', {}, undefined],
    ['an unknown lookup', null, `Lookup:${LOOKUP}`],
    ['an expired lookup', { expired: true }, `Lookup:${LOOKUP}`],
    [
      'a lookup of an external account',
      { receiverUmaAddress: null, accountId: 'ExternalAccount:x' },
      `Lookup:${LOOKUP}`,
    ],
    ['a malformed id', {}, 'Lookup:nope'],
  ])('answers 404 LOOKUP_REQUEST_NOT_FOUND for %s', async (_, lookup, lookupId) => {
    const error = await refusal(
      destinations(lookup).resolve(caller, { umaAddress: RECEIVER }, lookupId, INFO),
    );
    expect(error.code).toBe('LOOKUP_REQUEST_NOT_FOUND');
  });

  it('answers 404 for another platform’s lookup', async () => {
    const other: Caller = {
      platformId: 'Platform:11111111-1111-4111-8111-111111111111',
      environment: Environment.Sandbox,
    };
    const error = await refusal(
      destinations({}).resolve(other, { umaAddress: RECEIVER }, `Lookup:${LOOKUP}`, INFO),
    );
    expect(error.code).toBe('LOOKUP_REQUEST_NOT_FOUND');
  });

  it('refuses a lookup of another receiver, a currency it does not take and missing payer data', async () => {
    const lookupId = `Lookup:${LOOKUP}`;
    const otherReceiver = await refusal(
      destinations({}).resolve(caller, { umaAddress: '$success.gbp@sandbox.grid.uma.money' }, lookupId, INFO),
    );
    expect(otherReceiver.code).toBe('INVALID_INPUT');
    const currency = await refusal(
      destinations({}).resolve(caller, { umaAddress: RECEIVER, currency: 'MXN' }, lookupId, INFO),
    );
    expect(currency.code).toBe('INVALID_CURRENCY');
    const payerData = await refusal(destinations({}).resolve(caller, { umaAddress: RECEIVER }, lookupId, {}));
    expect(payerData).toMatchObject({
      code: 'MISSING_MANDATORY_USER_INFO',
      details: { missingFields: ['FULL_NAME'] },
    });
    const information = await refusal(
      destinations({}).resolve(
        caller,
        { umaAddress: RECEIVER, counterpartyInformation: { FULL_NAME: 'Grace Hopper', AGE: 42 } },
        lookupId,
        INFO,
      ),
    );
    expect(information.details).toEqual({
      errors: [{ field: 'destination.counterpartyInformation.AGE', message: expect.any(String) }],
    });
    const address = await refusal(destinations({}).resolve(caller, { umaAddress: 'nobody' }, lookupId, INFO));
    expect(address.code).toBe('INVALID_UMA_ADDRESS');
  });
});
