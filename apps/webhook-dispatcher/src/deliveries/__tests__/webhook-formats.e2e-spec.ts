import { createEvent, Environment, KYC_EVENTS, topicName } from '@payments/contracts';
import {
  ApiClient,
  e2eStack,
  eventually,
  newCustomer,
  platformWithEndpoint,
  PlatformWithEndpoint,
  receive,
  ReceivedWebhook,
  RECEIVER_INFO,
  REQUESTED_USD_FIELDS,
  usBankAccount,
  verifySignature,
} from '@payments/testing';
import { Kafka, logLevel, Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';

const SIGNATURE = 'x-grid-signature';
const WEBHOOK_ID = expect.stringMatching(/^Webhook:[0-9a-f-]{36}$/);
/** What every attempt adds to either format (docs/api.md#webhook-signatures). */
const STAMPED = { platformId: expect.any(String), environment: 'SANDBOX', sentAt: expect.any(String) };
const BULK_HEADER =
  'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country';

/** docs/api.md#webhook-formats: LEGACY stays the default; ENVELOPE is set per platform by PATCH /config. */
describe('webhook formats', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const kafka = new Kafka({
    clientId: 'webhook-formats-e2e',
    brokers: stack.kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  let producer: Producer;
  let platform: PlatformWithEndpoint;
  let customerId: string;
  let platformCustomerId: string;
  let accountId: string;

  beforeAll(async () => {
    producer = kafka.producer();
    await producer.connect();
    platform = await platformWithEndpoint(api);
    ({
      customerId,
      platformCustomerId,
      internalAccountId: accountId,
    } = await newCustomer(platform.sandbox, 'formats'));
    // The approval request of an incoming payment is approved, in the envelope form it comes in.
    platform.receiver.respondWith(({ body }) =>
      body?.type === 'INCOMING_PAYMENT.PENDING'
        ? { status: 200, body: { receiverCustomerInfo: RECEIVER_INFO } }
        : { status: 200 },
    );
  });

  afterAll(async () => {
    await producer?.disconnect();
    await platform?.receiver.stop();
  });

  const signedByPlatform = (webhook: ReceivedWebhook) =>
    verifySignature(webhook.rawBody, webhook.headers[SIGNATURE], platform.publicKeyPem);

  /** The envelope webhook of `type` whose data matches `isIt`, checked for its shape and signature. */
  async function envelopeOf(type: string, isIt: (data: any) => boolean): Promise<any> {
    const webhook = await platform.receiver.waitFor((body) => body?.type === type && isIt(body.data));
    expect(signedByPlatform(webhook)).toBe(true);
    expect(webhook.body).toEqual({
      id: WEBHOOK_ID,
      type,
      timestamp: expect.any(String),
      data: expect.any(Object),
      ...STAMPED,
    });
    return webhook.body.data;
  }

  it('sends the LEGACY shape by default, signed', async () => {
    expect((await platform.sandbox.get('/config')).body.webhookFormat).toBe('LEGACY');
    const [test] = platform.receiver.received((body) => body?.type === 'TEST');

    expect(test.body).toEqual({
      webhookId: WEBHOOK_ID,
      type: 'TEST',
      timestamp: expect.any(String),
      ...STAMPED,
    });
    expect(signedByPlatform(test)).toBe(true);
  });

  it('is set by PATCH /config (a known value only), shown by GET /config and audited', async () => {
    expect((await platform.sandbox.patch('/config', { webhookFormat: 'XML' })).body).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
    const patched = await platform.sandbox.patch('/config', { webhookFormat: 'ENVELOPE' });

    expect([patched.status, patched.body.webhookFormat]).toEqual([200, 'ENVELOPE']);
    expect((await platform.sandbox.get('/config')).body.webhookFormat).toBe('ENVELOPE');
    expect((await platform.production.get('/config')).body.webhookFormat).toBe('LEGACY');
    const audit = (await platform.sandbox.get('/audit-log?limit=100')).body.data;
    const change = audit.find((entry: any) => entry.changes?.after?.webhookFormat === 'ENVELOPE');
    expect(change).toMatchObject({ route: '/config', changes: { before: { webhookFormat: 'LEGACY' } } });
  });

  it('sends TEST as {id, type, timestamp} once the dispatcher has heard of the change', async () => {
    const test = await eventually(async () => {
      const before = platform.receiver.requests.length;
      expect((await platform.sandbox.post('/webhooks/test')).status).toBe(200);
      const webhook = platform.receiver.requests[before];
      return webhook.body.id ? webhook : undefined;
    });

    expect(test.body).toEqual({ id: WEBHOOK_ID, type: 'TEST', timestamp: expect.any(String), ...STAMPED });
    expect(signedByPlatform(test)).toBe(true);
  });

  it('sends ACCOUNT.BALANCE_UPDATED and OUTGOING_PAYMENT.<status> with the resource as data', async () => {
    await platform.sandbox.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 10_000 });
    const account = await envelopeOf('ACCOUNT.BALANCE_UPDATED', (data) => data.id === accountId);
    expect(account).toMatchObject({
      balance: { amount: 10_000 },
      oldBalance: { amount: 0 },
      customerId,
      platformCustomerId,
    });

    const transferred = await platform.sandbox.post('/transfer-out', {
      source: { accountId },
      destination: { accountId: await usBankAccount(platform.sandbox, customerId, '001') },
      amount: 2_500,
    });
    expect(transferred.status).toBe(201);
    const payment = await envelopeOf('OUTGOING_PAYMENT.COMPLETED', (data) => data.id === transferred.body.id);
    expect(payment).toMatchObject({ status: 'COMPLETED', type: 'OUTGOING' });
  });

  it('asks for approval by INCOMING_PAYMENT.PENDING, requested fields in data, and its answer decides', async () => {
    const received = await receive(platform.sandbox, customerId);
    expect(received.status).toBe(200);
    const isThis = (data: any) => data.id === received.body.id;

    expect(await envelopeOf('INCOMING_PAYMENT.PENDING', isThis)).toMatchObject({
      status: 'PENDING',
      requestedReceiverCustomerInfoFields: REQUESTED_USD_FIELDS,
    });
    expect(await envelopeOf('INCOMING_PAYMENT.COMPLETED', isThis)).toMatchObject({ status: 'COMPLETED' });
  });

  it('sends CUSTOMER.KYC_<status> with the customer as data', async () => {
    const scope = { platformId: platform.platformId, environment: Environment.Sandbox };
    const event = createEvent('kyc.status-changed', 1, scope, customerId, {
      customerId,
      platformCustomerId,
      kycStatus: 'APPROVED' as const,
    });
    await producer.send({
      topic: topicName(stack.topicPrefix, KYC_EVENTS),
      messages: [{ key: customerId, value: JSON.stringify(event) }],
    });

    expect(await envelopeOf('CUSTOMER.KYC_APPROVED', (data) => data.id === customerId)).toEqual({
      id: customerId,
      platformCustomerId,
      kycStatus: 'APPROVED',
    });
  });

  it('sends INVITATION.CLAIMED with the invitation as data', async () => {
    const inviterUma = (await platform.sandbox.get(`/customers/${customerId}`)).body.umaAddress;
    const { code } = (await platform.sandbox.post('/invitations', { inviterUma })).body;
    const claimed = await platform.sandbox.post(`/invitations/${code}/claim`, {
      inviteeUma: '$bob@other.uma.local',
    });

    expect(await envelopeOf('INVITATION.CLAIMED', (data) => data.code === code)).toEqual(claimed.body);
  });

  it('sends BULK_UPLOAD.COMPLETED with the job as data', async () => {
    const row = `,formats-${randomUUID().slice(0, 8)},INDIVIDUAL,Ada Lovelace,1985-12-10,1 Main St,London,,N1 1AA,GB`;
    const accepted = await platform.sandbox.upload('/customers/bulk/csv', `${BULK_HEADER}\n${row}\n`);
    expect(accepted.status).toBe(202);

    const job = await envelopeOf('BULK_UPLOAD.COMPLETED', (data) => data.jobId === accepted.body.jobId);
    expect(job).toEqual((await platform.sandbox.get(`/customers/bulk/jobs/${accepted.body.jobId}`)).body);
  });
});
