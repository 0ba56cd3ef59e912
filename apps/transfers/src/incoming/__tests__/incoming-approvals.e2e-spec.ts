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
  REQUESTED_USD_FIELDS,
  SANDBOX_SENDER,
  waitForApprovalRequest,
  webhooksOf,
  runLedgerCheck,
} from '@payments/testing';

/** The stack's APPROVAL_TIMEOUT_SECONDS (the default). */
const APPROVAL_TIMEOUT_MS = 5_000;

/** docs/api.md#approvals: every way a platform can answer, to the final state. */
describe('incoming payments: the approval protocol', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: PlatformWithEndpoint;

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
  });

  afterAll(() => platform?.receiver.stop());

  /** A fresh customer, paid 25.00 USD by the sandbox sender; answers the transaction as created. */
  async function pendingPayment() {
    const { customerId } = await newCustomer(platform.sandbox, 'incoming');
    const created = await receive(platform.sandbox, customerId);
    expect(created.status).toBe(200);
    return { customerId, transaction: created.body };
  }

  it('200 with receiverCustomerInfo approves: the money lands in the internal account, COMPLETED', async () => {
    answerApprovals(platform, () => ({ status: 200, body: { receiverCustomerInfo: RECEIVER_INFO } }));
    const { customerId, transaction } = await pendingPayment();
    expect(transaction).toMatchObject({
      status: 'PENDING',
      type: 'INCOMING',
      source: { sourceType: 'UMA_ADDRESS', umaAddress: SANDBOX_SENDER, currency: 'USD' },
      customerId,
      receivedAmount: { amount: 2_500 },
      counterpartyInformation: { FULL_NAME: 'Sam Sender' },
    });
    const final = await finalTransaction(platform, transaction.id);
    expect(final).toMatchObject({ status: 'COMPLETED', receivedAmount: { amount: 2_500 } });
    expect(final.failureReason).toBeUndefined();
    expect(await balanceOf(platform.sandbox, customerId)).toBe(2_500);
    const webhooks = webhooksOf(platform, transaction.id);
    expect(webhooks.map((body) => [body.type, body.transaction.status])).toEqual([
      ['INCOMING_PAYMENT', 'PENDING'],
      ['INCOMING_PAYMENT', 'PROCESSING'],
      ['INCOMING_PAYMENT', 'COMPLETED'],
    ]);
    expect(webhooks[0].requestedReceiverCustomerInfoFields).toEqual(REQUESTED_USD_FIELDS);
    expect(webhooks[0].transaction.counterpartyInformation).toEqual({ FULL_NAME: 'Sam Sender' });
    expect(webhooks.slice(1).every((body) => body.requestedReceiverCustomerInfoFields === undefined)).toBe(
      true,
    );
  });

  it('202 then approve: 400 naming a missing mandatory field, then PROCESSING and COMPLETED; again 409', async () => {
    answerApprovals(platform, () => ({ status: 202 }));
    const { customerId, transaction } = await pendingPayment();
    await waitForApprovalRequest(platform, transaction.id);
    const lacking = await platform.sandbox.post(`/transactions/${transaction.id}/approve`, {
      receiverCustomerInfo: { FULL_NAME: 'Ada Lovelace' },
    });
    expect(lacking.status).toBe(400);
    expect(lacking.body).toMatchObject({
      code: 'MISSING_MANDATORY_USER_INFO',
      details: { missingFields: ['BIRTH_DATE'] },
    });
    const approved = await platform.sandbox.post(`/transactions/${transaction.id}/approve`, {
      receiverCustomerInfo: RECEIVER_INFO,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('PROCESSING');
    expect(await finalTransaction(platform, transaction.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await balanceOf(platform.sandbox, customerId)).toBe(2_500);
    expect(webhooksOf(platform, transaction.id).map((body) => body.transaction.status)).toEqual([
      'PENDING',
      'PROCESSING',
      'COMPLETED',
    ]);
    const again = await platform.sandbox.post(`/transactions/${transaction.id}/approve`, {
      receiverCustomerInfo: RECEIVER_INFO,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('202 then reject: REJECTED, nothing credited; approve afterwards is 409', async () => {
    answerApprovals(platform, () => ({ status: 202 }));
    const { customerId, transaction } = await pendingPayment();
    await waitForApprovalRequest(platform, transaction.id);
    const rejected = await platform.sandbox.post(`/transactions/${transaction.id}/reject`, {
      reason: 'sanctions hit',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('REJECTED');
    expect(await finalTransaction(platform, transaction.id)).toMatchObject({ status: 'REJECTED' });
    expect(await balanceOf(platform.sandbox, customerId)).toBe(0);
    expect(webhooksOf(platform, transaction.id).map((body) => body.transaction.status)).toEqual([
      'PENDING',
      'REJECTED',
    ]);
    const late = await platform.sandbox.post(`/transactions/${transaction.id}/approve`, {
      receiverCustomerInfo: RECEIVER_INFO,
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('202 then nothing: FAILED with PAYMENT_APPROVAL_TIMED_OUT once APPROVAL_TIMEOUT_SECONDS have passed', async () => {
    answerApprovals(platform, () => ({ status: 202 }));
    const { customerId, transaction } = await pendingPayment();
    const request = await waitForApprovalRequest(platform, transaction.id);
    const final = await finalTransaction(platform, transaction.id);
    expect(final).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' });
    const failed = platform.receiver.received(
      (body) => body?.transaction?.id === transaction.id && body.transaction.status === 'FAILED',
    )[0];
    expect(failed.receivedAt.getTime() - request.receivedAt.getTime()).toBeGreaterThanOrEqual(
      APPROVAL_TIMEOUT_MS - 100,
    );
    expect(await balanceOf(platform.sandbox, customerId)).toBe(0);
    expect(webhooksOf(platform, transaction.id).map((body) => body.transaction.status)).toEqual([
      'PENDING',
      'FAILED',
    ]);
    const late = await platform.sandbox.post(`/transactions/${transaction.id}/reject`, {});
    expect(late.status).toBe(409);
  });

  it('403 rejects: REJECTED, nothing credited', async () => {
    answerApprovals(platform, () => ({
      status: 403,
      body: { code: 'REJECTED', message: 'no', reason: 'risk' },
    }));
    const { customerId, transaction } = await pendingPayment();
    expect(await finalTransaction(platform, transaction.id)).toMatchObject({ status: 'REJECTED' });
    expect(await balanceOf(platform.sandbox, customerId)).toBe(0);
    expect(webhooksOf(platform, transaction.id).map((body) => body.transaction.status)).toEqual([
      'PENDING',
      'REJECTED',
    ]);
  });

  it('422 fails the payment with MISSING_MANDATORY_PAYEE_DATA', async () => {
    answerApprovals(platform, () => ({ status: 422, body: { requiredFields: ['NATIONALITY'] } }));
    const { customerId, transaction } = await pendingPayment();
    const final = await finalTransaction(platform, transaction.id);
    expect(final).toMatchObject({ status: 'FAILED', failureReason: 'MISSING_MANDATORY_PAYEE_DATA' });
    expect(final.failureDetail).toContain('NATIONALITY');
    expect(await balanceOf(platform.sandbox, customerId)).toBe(0);
    expect(webhooksOf(platform, transaction.id).map((body) => body.transaction.status)).toEqual([
      'PENDING',
      'FAILED',
    ]);
  });

  it('an unusable answer (500, or 200 without the mandatory fields) fails the payment', async () => {
    answerApprovals(platform, () => ({ status: 500 }));
    const broken = await pendingPayment();
    expect(await finalTransaction(platform, broken.transaction.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR',
    });
    answerApprovals(platform, () => ({ status: 200, body: { receiverCustomerInfo: { FULL_NAME: 'Ada' } } }));
    const lacking = await pendingPayment();
    expect(await finalTransaction(platform, lacking.transaction.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'MISSING_MANDATORY_PAYEE_DATA',
    });
  });

  it('an endpoint that is down fails the payment with PAYMENT_APPROVAL_WEBHOOK_ERROR at once', async () => {
    const down = await platformWithEndpoint(api);
    const { customerId } = await newCustomer(down.sandbox, 'incoming-down');
    await down.receiver.stop();
    const created = await receive(down.sandbox, customerId);
    expect(created.status).toBe(200);
    const final = await eventually(
      async () => {
        const read = (await down.sandbox.get(`/transactions/${created.body.id}`)).body;
        return read.status === 'FAILED' ? read : undefined;
      },
      { timeoutMs: APPROVAL_TIMEOUT_MS },
    );
    expect(final).toMatchObject({ failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR' });
    expect(await balanceOf(down.sandbox, customerId)).toBe(0);
  });

  it('leaves the ledger balanced: scripts/ledger-check.mjs passes', async () => {
    const stdout = await runLedgerCheck(stack.databaseUrl);
    expect(stdout).toContain('ledger check passed');
  });
});
