import { Environment } from '@payments/contracts';
import { ApiException, callerOf } from '@payments/http';
import { DataSource } from 'typeorm';
import { PlatformConfig, TransactionType } from '@customers/platforms/platform-config.entity';
import { umaDomainRules } from '@customers/platforms/__tests__/uma-domain-kit';
import { UmaKeysStore } from '@customers/uma-protocol/keys/uma-keys.store';
import { UmaPeerHttp } from '@customers/uma-protocol/peers/uma-peer-http';
import { UmaPeerError } from '@customers/uma-protocol/peers/uma-peer-targets';
import { UmaPublicKeys } from '@customers/uma-protocol/peers/uma-public-keys';
import { IncomingPaymentsClient } from '@customers/uma-protocol/receiving/incoming-payments.client';
import { LnurlpResponder } from '@customers/uma-protocol/receiving/lnurlp-responder';
import { PayRequestHandler } from '@customers/uma-protocol/receiving/pay-request-handler';
import { PayRequestNonces } from '@customers/uma-protocol/receiving/pay-request-nonces';
import { UmaPaymentAsked, UmaPaymentOpener } from '@customers/uma-protocol/receiving/uma-payment-opener';
import { UmaReceiver, UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';
import { LocalUmaPayments } from '@customers/uma-protocol/sending/local-uma-payments';
import { UmaSender } from '@customers/uma-protocol/sending/uma-sender';

// The lookup's signed URL is beside the point here: what is tested is what a refusal says.
jest.mock('@uma-sdk/core', () => ({
  ...jest.requireActual('@uma-sdk/core'),
  getSignedLnurlpRequestUrl: jest.fn(async () => new URL('https://far.example/.well-known/lnurlp/bob?x=1')),
}));

const USD = {
  currencyCode: 'USD',
  minAmount: 100,
  maxAmount: 1_000_000,
  requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }],
  enabledTransactionTypes: ['INCOMING'] as TransactionType[],
};
const CONFIG = {
  id: 'config-1',
  platformId: '00000000-0000-4000-8000-00000000000b',
  environment: Environment.Sandbox,
  umaDomain: 'receiver.uma.local',
  supportedCurrencies: [USD],
  isRegulatedFinancialInstitution: false,
} as unknown as PlatformConfig;
const RECEIVER: UmaReceiver = {
  config: CONFIG,
  customer: { id: '00000000-0000-4000-8000-0000000000cc' },
  address: '$bob@receiver.uma.local',
} as unknown as UmaReceiver;

async function refusalOf(work: Promise<unknown>): Promise<ApiException> {
  return work.then(
    () => {
      throw new Error('not refused');
    },
    (error: ApiException) => error,
  );
}

// docs/api.md#errors: what a UMA peer or a paying platform is told names the address, domain or value
// concerned and, after a colon, what it can do.
describe('UMA refusals', () => {
  const opener = new UmaPaymentOpener({ open: jest.fn() } as unknown as IncomingPaymentsClient);
  const asked = (changes: Partial<UmaPaymentAsked>): UmaPaymentAsked => ({
    paymentId: 'p-1',
    senderUmaAddress: '$ada@sender.example',
    currency: 'USD',
    amount: 500,
    counterpartyInformation: { FULL_NAME: 'Ada' },
    awaitsSenderFunding: false,
    ...changes,
  });

  it.each([
    [
      { currency: 'EUR' },
      'INVALID_CURRENCY',
      '$bob@receiver.uma.local does not receive EUR: name the amount in one of USD',
    ],
    [{ amount: 99 }, 'AMOUNT_OUT_OF_RANGE', /^amount 99 is below the minimum of 100 .*: send at least 100$/],
    [
      { amount: 1_000_001 },
      'AMOUNT_OUT_OF_RANGE',
      /^amount 1000001 is above the maximum of 1000000 .*: send at most 1000000$/,
    ],
    [{ amount: 1.5 }, 'AMOUNT_OUT_OF_RANGE', /^amount 1.5 is not a whole number .*: send an integer amount$/],
    [
      { counterpartyInformation: {} },
      'MISSING_MANDATORY_USER_INFO',
      'payerData lacks FULL_NAME, which $bob@receiver.uma.local requires: send it in payerData',
    ],
  ])('a pay request with %j: %s naming the value and what is taken', async (changes, code, message) => {
    const refusal = await refusalOf(opener.open(RECEIVER, asked(changes)));

    expect(refusal.code).toBe(code);
    expect(refusal.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('names only the limit an amount passes', async () => {
    expect((await refusalOf(opener.open(RECEIVER, asked({ amount: 5 })))).message).not.toContain('1000000');
    expect((await refusalOf(opener.open(RECEIVER, asked({ amount: 5_000_000 })))).message).not.toMatch(
      /\b100\b/,
    );
  });

  it('names a domain no platform receives at, and a sender this deployment does not take', async () => {
    const none = { manager: { findOneBy: async () => null } } as unknown as DataSource;
    const receivers = new UmaReceivers(none, umaDomainRules());

    expect((await refusalOf(receivers.configOf('nobody.example'))).message).toBe(
      "No platform receives UMA payments at nobody.example: check the domain of the receiver's UMA address",
    );
    const production = { ...CONFIG, environment: Environment.Production } as PlatformConfig;
    expect(
      (await refusalOf(receivers.refuseSenderOfThisDeployment(production, 'far.example'))).message,
    ).toMatch(/^far\.example is not a platform of this deployment, .*: no pay request from outside is taken/);
  });

  it('says a pay request that is not UMA is to be sent as the protocol defines', async () => {
    const handler = new PayRequestHandler(
      {} as PayRequestNonces,
      { receiver: async () => RECEIVER } as unknown as UmaReceivers,
      {} as UmaKeysStore,
      {} as UmaPublicKeys,
      opener,
    );

    const refusal = await refusalOf(handler.payRequest('receiver.uma.local', 'bob', { nonsense: true }));

    expect(refusal.code).toBe('INVALID_INPUT');
    expect(refusal.message).toMatch(
      /^Not a UMA pay request \(.*\): send the JSON pay request the UMA protocol defines/s,
    );
  });

  it('tells a peer asking in another UMA version which ones to use', async () => {
    const responder = new LnurlpResponder({} as UmaReceivers, {} as UmaKeysStore, {} as UmaPublicKeys);
    const query =
      'signature=ab&vaspDomain=far.example&nonce=1&timestamp=1&isSubjectToTravelRule=false&umaVersion=9.0';

    expect(
      await refusalOf(responder.lnurlp('receiver.uma.local', `/.well-known/lnurlp/bob?${query}`)),
    ).toMatchObject({
      code: 'UNSUPPORTED_UMA_VERSION',
      message: expect.stringMatching(/^UMA version 9\.0 is not supported: ask again in major version \d/),
    });
  });

  it('tells a peer sending a plain LNURL-pay lookup to sign it as UMA', async () => {
    const responder = new LnurlpResponder(
      { receiver: async () => RECEIVER } as unknown as UmaReceivers,
      {} as UmaKeysStore,
      {} as UmaPublicKeys,
    );

    expect(
      (await refusalOf(responder.lnurlp('receiver.uma.local', '/.well-known/lnurlp/bob'))).message,
    ).toMatch(/^The lookup is a plain LNURL-pay request, .*: send it signed, with the UMA query parameters/);
  });

  describe('to a paying platform', () => {
    const peers = { get: jest.fn() };
    const sending = { ...CONFIG, umaDomain: 'sender.uma.local' } as PlatformConfig;
    const sender = new UmaSender(
      {
        manager: { findOneByOrFail: async () => sending, findOneBy: async () => null },
      } as unknown as DataSource,
      { keysOf: async () => ({ signingPrivateKey: Buffer.alloc(32) }) } as unknown as UmaKeysStore,
      peers as unknown as UmaPeerHttp,
      new UmaPublicKeys(peers as unknown as UmaPeerHttp),
      {} as LocalUmaPayments,
      umaDomainRules(),
    );
    const lookup = () =>
      refusalOf(sender.lookup(callerOf(sending), { receiverUmaAddress: '$bob@far.example' }));

    it('names the receiver, why its lookup failed and what to do', async () => {
      peers.get.mockRejectedValue(new UmaPeerError('UNREACHABLE', 'far.example did not answer: timeout'));

      expect(await lookup()).toMatchObject({
        code: 'LNURLP_REQUEST_FAILED',
        message:
          'Lookup of $bob@far.example failed (far.example did not answer: timeout): check the address with the receiver, or retry later if their UMA provider is down',
      });
    });

    it('says a domain this deployment does not call cannot be paid', async () => {
      peers.get.mockRejectedValue(new UmaPeerError('NOT_ALLOWED', 'far.example is not an allowed UMA peer'));

      expect((await lookup()).message).toMatch(
        /\): this deployment does not call that domain: pay an address/,
      );
    });

    it('names a domain whose keys cannot be fetched and where it must serve them', async () => {
      const keys = new UmaPublicKeys({ get: async () => '{}' } as unknown as UmaPeerHttp);

      expect(await refusalOf(keys.of('far.example'))).toMatchObject({
        code: 'COUNTERPARTY_PUBKEY_FETCH_ERROR',
        message: expect.stringMatching(
          /^The UMA public keys of far\.example could not be fetched \(.*\): far\.example must serve them at \/\.well-known\/lnurlpubkey; retry once it does$/,
        ),
      });
    });
  });
});
