import { Environment } from '@payments/contracts';
import { Caller, callerOf } from '@payments/http';
import { DataSource } from 'typeorm';
import { PlatformConfig, TransactionType } from '@customers/platforms/platform-config.entity';
import { umaDomainRules } from '@customers/platforms/__tests__/uma-domain-kit';
import { UmaKeysStore } from '@customers/uma-protocol/keys/uma-keys.store';
import { UmaPeerHttp } from '@customers/uma-protocol/peers/uma-peer-http';
import { UmaPublicKeys } from '@customers/uma-protocol/peers/uma-public-keys';
import { IncomingPaymentsClient } from '@customers/uma-protocol/receiving/incoming-payments.client';
import { UmaPaymentOpener } from '@customers/uma-protocol/receiving/uma-payment-opener';
import { UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';
import { UmaPayRequestDto } from '@customers/uma-protocol/sending/dto/uma-sending.dto';
import { LocalUmaPayments } from '@customers/uma-protocol/sending/local-uma-payments';
import { UmaSender } from '@customers/uma-protocol/sending/uma-sender';

/** The payment the server behind a domain names in its pay response: one of its own choosing. */
const CHOSEN = 'Transaction:00000000-0000-4000-8000-00000000c405';
const OPENED = 'Transaction:00000000-0000-4000-8000-0000000000aa';

// The remote receiver's answer is taken as signed: what is tested is what the sender makes of it.
jest.mock('@uma-sdk/core', () => ({
  ...jest.requireActual('@uma-sdk/core'),
  getPayRequest: jest.fn(async () => ({ toJsonString: () => '{}' })),
  verifyPayReqResponseSignature: jest.fn(async () => true),
  PayReqResponse: {
    fromJson: () => ({ isUma: () => true, pr: CHOSEN, converted: { currencyCode: 'USD', amount: 500 } }),
  },
}));

const USD = {
  currencyCode: 'USD',
  minAmount: 100,
  maxAmount: 1_000_000,
  requiredCounterpartyFields: [],
  enabledTransactionTypes: ['INCOMING', 'OUTGOING'] as TransactionType[],
};

function config(platformId: string, umaDomain: string): PlatformConfig {
  return {
    id: `${platformId}-config`,
    platformId,
    environment: Environment.Sandbox,
    umaDomain,
    supportedCurrencies: [USD],
    isRegulatedFinancialInstitution: false,
  } as unknown as PlatformConfig;
}

const SENDER = config('00000000-0000-4000-8000-00000000000a', 'sender.uma.local');
const RECEIVER = config('00000000-0000-4000-8000-00000000000b', 'receiver.uma.local');
const caller: Caller = callerOf(SENDER);

describe('UmaSender: which payment a pay request links to', () => {
  const peers = { get: jest.fn(), post: jest.fn(async () => ({})) };
  const incoming = { open: jest.fn(async () => ({ id: OPENED, status: 'PENDING' })) };
  let local: PlatformConfig | null;
  let paying: PlatformConfig;

  function sender(): UmaSender {
    const manager = {
      findOneByOrFail: async () => paying,
      findOneBy: async (_: unknown, where: { umaDomain: string }) =>
        local?.umaDomain === where.umaDomain ? local : null,
    };
    const receivers = {
      receiver: async (host: string, user: string) => ({
        config: RECEIVER,
        customer: { id: '00000000-0000-4000-8000-0000000000cc' },
        address: `$${user}@${host}`,
      }),
    } as unknown as UmaReceivers;
    const opener = new UmaPaymentOpener(incoming as unknown as IncomingPaymentsClient);
    return new UmaSender(
      { manager } as unknown as DataSource,
      { keysOf: async () => ({ signingPrivateKey: Buffer.alloc(32) }) } as unknown as UmaKeysStore,
      peers as unknown as UmaPeerHttp,
      { of: async () => ({ getEncryptionPubKey: () => Buffer.alloc(33) }) } as unknown as UmaPublicKeys,
      new LocalUmaPayments(receivers, opener),
      umaDomainRules(),
    );
  }

  const payRequest = (changes: Partial<UmaPayRequestDto> = {}) =>
    sender().payRequest(caller, {
      receiverUmaAddress: '$bob@receiver.uma.local',
      senderUmaAddress: '$ada@sender.uma.local',
      currency: 'USD',
      amount: 500,
      payerData: { FULL_NAME: 'Ada Lovelace' },
      lookupState: { callback: 'https://receiver.uma.local/uma/payreq/bob' },
      ...changes,
    });

  beforeEach(() => {
    jest.clearAllMocks();
    local = RECEIVER;
    paying = SENDER;
  });

  it('opens the payment of a receiver on this deployment itself, never asking the server its domain points at', async () => {
    expect(await payRequest()).toEqual({
      accepted: true,
      receiverTransactionId: OPENED,
      payerUmaAddress: '$ada@sender.uma.local',
    });
    expect(peers.post).not.toHaveBeenCalled();
    expect(incoming.open).toHaveBeenCalledWith(
      callerOf(RECEIVER),
      expect.objectContaining({
        senderUmaAddress: '$ada@sender.uma.local',
        currency: 'USD',
        amount: 500,
        awaitsSenderFunding: true,
      }),
    );
  });

  it('links to no payment of this deployment from the answer of a receiver elsewhere', async () => {
    local = null;

    expect(await payRequest()).toEqual({ accepted: true });
    expect(peers.post).toHaveBeenCalled();
    expect(incoming.open).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a currency the receiver does not take',
      { currency: 'EUR' },
      'does not receive EUR: name the amount in one of USD',
    ],
    ['an amount out of its limits', { amount: 5 }, 'amount 5 is below the minimum of'],
    [
      'no payer name',
      { payerData: {} },
      'payerData lacks FULL_NAME, which $bob@receiver.uma.local requires:',
    ],
    [
      'a payer address of another platform',
      { senderUmaAddress: '$bob@receiver.uma.local' },
      "not an address of the paying platform's domain sender.uma.local: send a senderUmaAddress on that domain",
    ],
  ] as const)(
    'refuses a pay request to a receiver here with %s, opening nothing',
    async (_, changes, detail) => {
      const answer = await payRequest(changes);

      expect(answer).toEqual({ accepted: false, detail: expect.stringContaining(detail) });
      expect(incoming.open).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['the paying platform', 'paying'],
    ['the receiving platform', 'receiving'],
  ] as const)(
    'refuses with 422 UMA_DOMAIN_NOT_VERIFIED while %s has not proven its production domain',
    async (_, side) => {
      const unproven = (base: PlatformConfig) =>
        ({ ...base, environment: Environment.Production, umaDomainVerifiedAt: null }) as PlatformConfig;
      paying = {
        ...unproven(SENDER),
        umaDomain: side === 'paying' ? 'pay.sender.example' : 'sender.uma.local',
      };
      local = {
        ...unproven(RECEIVER),
        umaDomain: side === 'receiving' ? 'pay.receiver.example' : 'receiver.uma.local',
      };
      const receiverUmaAddress = `$bob@${local.umaDomain}`;

      await expect(sender().lookup(callerOf(paying), { receiverUmaAddress })).rejects.toMatchObject({
        code: 'UMA_DOMAIN_NOT_VERIFIED',
        status: 422,
      });
      expect(peers.get).not.toHaveBeenCalled();
    },
  );
});
