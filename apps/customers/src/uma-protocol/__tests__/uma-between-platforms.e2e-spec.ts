import { ApiClient, e2eStack, runLedgerCheck } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { asPeer, lookup, PERSON, UmaPlatform, umaPlatform } from '@customers/uma-protocol/__tests__/uma-kit';

const RECEIVER_INFO = { FULL_NAME: 'Grace Hopper', BIRTH_DATE: '1985-12-10' };

describe('UMA between two platforms of one deployment, over loopback HTTP', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sender: UmaPlatform;
  let receiver: UmaPlatform;

  const balanceOf = async (platform: UmaPlatform) =>
    (
      await platform.sandbox.get(
        `/customers/internal-accounts?customerId=${platform.customerId}&currency=USD`,
      )
    ).body.data[0].balance.amount as number;
  const wellKnown = (host: string, path: string) => asPeer(stack.gatewayUrl, host, path);
  const lookupBySender = (address: string) => lookup(sender, address);
  /** A quote from the sender's account to `address`, locked on the sending side. */
  const quoteTo = async (address: string, payer: Record<string, string>, amount: number) => {
    const found = await lookupBySender(address);
    expect(found.status).toBe(200);
    const quote = await sender.sandbox.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: sender.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: address, currency: 'USD' },
      lookupId: found.body.lookupId,
      senderCustomerInfo: payer,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
    });
    expect(quote.status).toBe(201);
    return quote.body;
  };
  /** The sender's OUTGOING_PAYMENT webhook of `transactionId` in a status `accepted` takes. */
  const senderWebhook = (transactionId: string, accepted: (status: string) => boolean) =>
    sender.receiver.waitFor(
      (body) =>
        body?.type === 'OUTGOING_PAYMENT' &&
        body.transaction?.id === transactionId &&
        accepted(body.transaction.status),
      20_000,
    );

  beforeAll(async () => {
    [sender, receiver] = await Promise.all([
      umaPlatform(api, 'Ada Lovelace'),
      umaPlatform(api, 'Grace Hopper'),
    ]);
    expect(sender.umaDomain).not.toBe(receiver.umaDomain);
    const funded = await sender.sandbox.post(
      `/sandbox/internal-accounts/${sender.accountId}/fund`,
      { amount: 100_000 },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(funded.status).toBe(200);
    // The receiving platform approves every incoming payment at once, telling what the sender asks,
    // but rejects payers named "Reject Me" and never decides on those named "Undecided".
    receiver.receiver.respondWith((incoming) => {
      if (incoming.body?.type !== 'INCOMING_PAYMENT' || incoming.body.transaction?.status !== 'PENDING') {
        return { status: 200 };
      }
      switch (incoming.body.transaction.counterpartyInformation?.FULL_NAME) {
        case 'Reject Me':
          return { status: 403, body: { code: 'REJECTED', message: 'Not for us', reason: 'POLICY' } };
        case 'Undecided':
          return { status: 202 };
        default:
          return { status: 200, body: { receiverCustomerInfo: RECEIVER_INFO } };
      }
    });
  });

  const expectLedgerBalanced = async () => {
    const stdout = await runLedgerCheck(stack.databaseUrl);
    expect(stdout).toContain('ledger check passed');
  };

  afterAll(async () => {
    await Promise.all([sender?.receiver.stop(), receiver?.receiver.stop()]);
  });

  it('serves each platform its own keys, configuration and signed-only lookups, chosen by the Host', async () => {
    const [senderKeys, receiverKeys] = await Promise.all([
      wellKnown(sender.umaDomain, '/.well-known/lnurlpubkey'),
      wellKnown(receiver.umaDomain, '/.well-known/lnurlpubkey'),
    ]);
    expect(receiverKeys).toMatchObject({
      status: 200,
      body: {
        signingPubKey: expect.stringMatching(/^04[0-9a-f]{128}$/),
        encryptionPubKey: expect.any(String),
      },
    });
    expect(senderKeys.body.signingPubKey).not.toBe(receiverKeys.body.signingPubKey);
    // Their private halves are stored sealed (the e2e stack sets UMA_KEY_ENCRYPTION_KEY).
    const database = new Pool({ connectionString: stack.databaseUrl, max: 1 });
    try {
      const { rows } = await database.query(
        `SELECT signing_private_key, encryption_private_key FROM customers.uma_keys
          WHERE signing_public_key = $1`,
        [receiverKeys.body.signingPubKey],
      );
      expect(rows).toEqual([
        {
          signing_private_key: expect.stringMatching(/^aes-256-gcm:/),
          encryption_private_key: expect.stringMatching(/^aes-256-gcm:/),
        },
      ]);
    } finally {
      await database.end();
    }
    expect((await wellKnown(receiver.umaDomain, '/.well-known/lnurlpubkey')).body).toEqual(receiverKeys.body);
    expect(await wellKnown(receiver.umaDomain, '/.well-known/uma-configuration')).toMatchObject({
      status: 200,
      body: { uma_major_versions: [1] },
    });
    const user = receiver.umaAddress.split('@')[0];
    expect((await wellKnown(receiver.umaDomain, `/.well-known/lnurlp/${user}`)).status).toBe(400);
    expect((await wellKnown('nobody.uma.local', '/.well-known/lnurlpubkey')).status).toBe(404);
    const unsigned = await asPeer(stack.gatewayUrl, receiver.umaDomain, `/uma/payreq/${user.slice(1)}`, {
      amount: '100.USD',
      convert: 'USD',
      payerData: { identifier: sender.umaAddress },
    });
    expect(unsigned).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
  });

  it('looks a receiver up at the other platform’s domain: its currencies, limits and payer data, signed', async () => {
    const found = await lookupBySender(receiver.umaAddress);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      receiverUmaAddress: receiver.umaAddress,
      lookupId: expect.stringMatching(/^Lookup:/),
      supportedCurrencies: [{ currency: { code: 'USD' }, min: 100, max: 10_000_000_000 }],
      requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }],
    });
    const unknown = await lookupBySender(`$nobody-${randomUUID().slice(0, 6)}@${receiver.umaDomain}`);
    expect(unknown).toMatchObject({ status: 424, body: { code: 'LNURLP_REQUEST_FAILED' } });
  });

  it('pays: lookup, quote, execute, the receiver’s approval, both ledgers and both platforms’ webhooks', async () => {
    const quote = await quoteTo(
      receiver.umaAddress,
      { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' },
      10_000,
    );
    const executed = await sender.sandbox.post(
      `/quotes/${quote.quoteId}/execute`,
      {},
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(executed.status).toBe(200);
    const received = quote.totalReceivingAmount as number;

    const approval = await receiver.receiver.waitFor(
      (body) => body?.type === 'INCOMING_PAYMENT' && body.transaction?.status === 'PENDING',
    );
    const incomingId = approval.body.transaction.id;
    expect(approval.body.transaction).toMatchObject({
      type: 'INCOMING',
      source: { umaAddress: sender.umaAddress },
      receivedAmount: { amount: received, currency: { code: 'USD' } },
      counterpartyInformation: { FULL_NAME: 'Ada Lovelace' },
    });
    const [outgoingDone, incomingDone] = await Promise.all([
      senderWebhook(executed.body.transactionId, (status) => status === 'COMPLETED'),
      receiver.receiver.waitFor(
        (body) =>
          body?.type === 'INCOMING_PAYMENT' &&
          body.transaction?.id === incomingId &&
          body.transaction.status === 'COMPLETED',
        20_000,
      ),
    ]);
    expect(outgoingDone.body.transaction.destination).toMatchObject({ umaAddress: receiver.umaAddress });
    expect(incomingDone.body.transaction.receivedAmount.amount).toBe(received);
    expect(await balanceOf(sender)).toBe(100_000 - (quote.totalSendingAmount as number));
    expect(await balanceOf(receiver)).toBe(received);

    await expectLedgerBalanced();
  });

  it.each([
    ['rejects it', 'Reject Me', 'REJECTED', 'rejected the payment'],
    ['lets its approval time out', 'Undecided', 'FAILED', 'did not approve the payment in time'],
  ])('gives the sender its money back when the receiving platform %s', async (_, payer, status, detail) => {
    const quote = await quoteTo(receiver.umaAddress, { FULL_NAME: payer }, 2_500);
    const [senderBefore, receiverBefore] = [await balanceOf(sender), await balanceOf(receiver)];
    const executed = await sender.sandbox.post(`/quotes/${quote.quoteId}/execute`, {});
    expect(executed.status).toBe(200);

    const ended = await senderWebhook(executed.body.transactionId, (status) => status !== 'PENDING');
    expect(ended.body.transaction).toMatchObject({ status, failureReason: 'PAY_REQUEST_FAILED' });
    expect(ended.body.transaction.failureDetail).toContain(detail);
    expect(await balanceOf(sender)).toBe(senderBefore);
    expect(await balanceOf(receiver)).toBe(receiverBefore);
    await expectLedgerBalanced();
  });

  it('credits the receiver nothing when the sender is refused after its pay request was accepted', async () => {
    const quote = await quoteTo(receiver.umaAddress, { FULL_NAME: 'Broke Sender' }, 10_000_000);
    const [senderBefore, receiverBefore] = [await balanceOf(sender), await balanceOf(receiver)];
    const executed = await sender.sandbox.post(`/quotes/${quote.quoteId}/execute`, {});
    expect(executed).toMatchObject({ status: 422, body: { code: 'INSUFFICIENT_BALANCE' } });

    // The pay request went through and the receiving platform approved: nothing funds it.
    const isTheirs = (body: { transaction?: { counterpartyInformation?: Record<string, string> } }) =>
      body.transaction?.counterpartyInformation?.FULL_NAME === 'Broke Sender';
    const failed = await receiver.receiver.waitFor(
      (body) => body?.type === 'INCOMING_PAYMENT' && isTheirs(body) && body.transaction.status === 'FAILED',
      20_000,
    );
    expect(failed.body.transaction).toMatchObject({
      failureReason: 'PAY_REQUEST_FAILED',
      failureDetail:
        "The sender's platform did not fund the payment: nothing was credited; the sender may pay again",
    });
    expect(await balanceOf(receiver)).toBe(receiverBefore);
    expect(await balanceOf(sender)).toBe(senderBefore);
    await expectLedgerBalanced();
  });

  it('fails the payment with PAY_REQUEST_FAILED when the receiver refuses the pay request, releasing the reserve', async () => {
    const customer = await receiver.sandbox.post('/customers', {
      platformCustomerId: `gone-${randomUUID().slice(0, 8)}`,
      fullName: 'Gone Soon',
      ...PERSON,
    });
    const quote = await quoteTo(customer.body.umaAddress, { FULL_NAME: 'Ada Lovelace' }, 5_000);
    expect((await receiver.sandbox.delete(`/customers/${customer.body.id}`)).status).toBe(200);
    const before = await balanceOf(sender);
    const executed = await sender.sandbox.post(`/quotes/${quote.quoteId}/execute`, {});
    expect(executed.status).toBe(200);
    const failed = await senderWebhook(executed.body.transactionId, (status) => status === 'FAILED');
    expect(failed.body.transaction).toMatchObject({ failureReason: 'PAY_REQUEST_FAILED' });
    expect(failed.body.transaction.failureDetail).toContain('USER_NOT_FOUND');
    expect(await balanceOf(sender)).toBe(before);
  });
});
