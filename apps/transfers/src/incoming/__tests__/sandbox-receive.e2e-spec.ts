import {
  answerApprovals,
  ApiClient,
  balanceOf,
  e2eStack,
  eventually,
  finalTransaction,
  newCustomer,
  platformWithEndpoint,
  PlatformWithEndpoint,
  receive,
  RECEIVER_INFO,
  SANDBOX_SENDER,
  webhooksOf,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';

/** Pending payments of one platform whose endpoint hangs. */
const HANGING = 70;
const APPROVE = { status: 200, body: { receiverCustomerInfo: RECEIVER_INFO } };

describe('POST /sandbox/uma/receive', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: PlatformWithEndpoint;
  let customerId: string;

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    answerApprovals(platform, () => APPROVE);
    ({ customerId } = await newCustomer(platform.sandbox, 'receiver'));
  });

  afterAll(() => platform?.receiver.stop());

  it('is refused with production credentials (403) and validates its input (400, 404)', async () => {
    const production = await receive(platform.production, customerId);
    expect(production.status).toBe(403);
    expect(production.body.code).toBe('FORBIDDEN');
    const body = {
      senderUmaAddress: SANDBOX_SENDER,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 100,
    };
    const notSandbox = await platform.sandbox.post('/sandbox/uma/receive', {
      ...body,
      customerId,
      senderUmaAddress: '$sam@example.com',
    });
    expect(notSandbox.status).toBe(400);
    expect(notSandbox.body.code).toBe('INVALID_UMA_ADDRESS');
    const nobody = await platform.sandbox.post('/sandbox/uma/receive', body);
    expect(nobody.status).toBe(400);
    expect(nobody.body.code).toBe('INVALID_INPUT');
    const unknown = await platform.sandbox.post('/sandbox/uma/receive', {
      ...body,
      receiverUmaAddress: '$nobody@x.example',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('USER_NOT_FOUND');
    const badAmount = await platform.sandbox.post('/sandbox/uma/receive', {
      ...body,
      customerId,
      receivingCurrencyAmount: 1.5,
    });
    expect(badAmount.status).toBe(400);
  });

  it('finds the customer by UMA address too, and a retry with the same Idempotency-Key answers the same payment', async () => {
    const customer = (await platform.sandbox.get(`/customers/${customerId}`)).body;
    const key = randomUUID();
    const body = {
      senderUmaAddress: SANDBOX_SENDER,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 700,
      receiverUmaAddress: customer.umaAddress,
    };
    const first = await platform.sandbox.post('/sandbox/uma/receive', body, {
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(200);
    expect(first.body.customerId).toBe(customerId);
    const retry = await platform.sandbox.post('/sandbox/uma/receive', body, {
      headers: { 'idempotency-key': key },
    });
    expect(retry.body.id).toBe(first.body.id);
    expect(await finalTransaction(platform, first.body.id)).toMatchObject({ status: 'COMPLETED' });
  });

  it("forwards an approved payment to the customer's default UMA deposit account on the rail", async () => {
    const { customerId: forwarding } = await newCustomer(platform.sandbox, 'forwarding');
    const account = await depositAccount(platform, forwarding, '001');
    const created = await receive(platform.sandbox, forwarding, 4_000);
    expect(created.body.destination).toMatchObject({ destinationType: 'ACCOUNT', accountId: account });
    const final = await finalTransaction(platform, created.body.id);
    expect(final).toMatchObject({ status: 'COMPLETED', receivedAmount: { amount: 4_000 } });
    // The money passed through the internal account (DEPOSIT, RESERVE, SETTLE) and left it.
    expect(await balanceOf(platform.sandbox, forwarding)).toBe(0);
  });

  it('fails a forwarded payment whose deposit account is closed (ending 003), crediting nothing', async () => {
    const { customerId: forwarding } = await newCustomer(platform.sandbox, 'forwarding-closed');
    await depositAccount(platform, forwarding, '003');
    const created = await receive(platform.sandbox, forwarding, 4_000);
    const final = await finalTransaction(platform, created.body.id);
    expect(final).toMatchObject({ status: 'FAILED', failureReason: 'OFFRAMP_FAILED' });
    expect(await balanceOf(platform.sandbox, forwarding)).toBe(0);
    expect(webhooksOf(platform, created.body.id).map((body) => body.transaction.status)).toEqual([
      'PENDING',
      'PROCESSING',
      'FAILED',
    ]);
  });

  it("one platform's hanging endpoint does not delay another platform's incoming payments", async () => {
    const slow = await platformWithEndpoint(api);
    answerApprovals(slow, () => ({ status: 200, delayMs: 8_000 }));
    const { customerId: slowCustomer } = await newCustomer(slow.sandbox, 'slow');
    // More than the dispatcher's WEBHOOK_CONCURRENCY (64) approval requests hang at once.
    const hanging = await Promise.all(
      Array.from({ length: HANGING }, () => receive(slow.sandbox, slowCustomer)),
    );
    await eventually(async () => slow.receiver.requests.length > 64 || undefined, { timeoutMs: 5_000 });
    const started = Date.now();
    const fast = await receive(platform.sandbox, customerId, 300);
    expect(await finalTransaction(platform, fast.body.id, 3_000)).toMatchObject({ status: 'COMPLETED' });
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const { body } of hanging) {
      expect(await finalTransaction(slow, body.id, 15_000)).toMatchObject({
        status: 'FAILED',
        failureReason: 'PAYMENT_APPROVAL_TIMED_OUT',
      });
    }
    await slow.receiver.stop();
  });
});

/** A US bank account of the customer, set as its default UMA deposit account. */
async function depositAccount(
  platform: PlatformWithEndpoint,
  customerId: string,
  ending: string,
): Promise<string> {
  const created = await platform.sandbox.post('/customers/external-accounts', {
    customerId,
    currency: 'USD',
    defaultUmaDepositAccount: true,
    accountInfo: {
      accountType: 'US_ACCOUNT',
      accountNumber: `${String(Date.now()).slice(-6)}${ending}`,
      routingNumber: '021000021',
      accountCategory: 'CHECKING',
      bankName: 'Chase Bank',
      beneficiary: {
        beneficiaryType: 'INDIVIDUAL',
        fullName: 'Ada Lovelace',
        birthDate: '1985-12-10',
        nationality: 'GB',
        address: { line1: '1 Main St', city: 'London', state: 'London', postalCode: 'N1 1AA', country: 'GB' },
      },
    },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}
