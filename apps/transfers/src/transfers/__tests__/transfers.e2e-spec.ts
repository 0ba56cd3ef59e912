import { TRANSACTION_EVENTS, TransactionEvent } from '@payments/contracts';
import {
  ApiClient,
  balanceOf,
  e2eStack,
  eventually,
  fund,
  FundedCustomer,
  KafkaTestConsumer,
  newCustomer,
  newPlatformClients,
  settled,
  usBankAccount,
} from '@payments/testing';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..', '..');
/** SANDBOX_DELAYED_FAILURE_SECONDS of the e2e stack (test/e2e/global-setup.mjs). */
const DELAYED_FAILURE_MS = 2_000;

describe('money movement through the sandbox rail', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const events = new KafkaTestConsumer<TransactionEvent>(
    stack.kafkaBrokers,
    stack.topicPrefix,
    TRANSACTION_EVENTS,
  );
  let sandbox: ApiClient;
  let production: ApiClient;
  let customer: FundedCustomer;

  /** The status changes published for one transaction, in the order they arrived. */
  const changesOf = (transactionId: string) =>
    events.events
      .filter((event) => event.aggregateId === transactionId)
      .map((event) => [event.payload.previousStatus, event.payload.transaction.status]);

  function transferOut(accountId: string, amount: number, headers?: Record<string, string>) {
    return sandbox.post(
      '/transfer-out',
      { source: { accountId: customer.internalAccountId }, destination: { accountId }, amount },
      { headers },
    );
  }

  function transferIn(accountId: string, amount: number) {
    return sandbox.post('/transfer-in', {
      source: { accountId },
      destination: { accountId: customer.internalAccountId },
      amount,
    });
  }

  beforeAll(async () => {
    ({ sandbox, production } = newPlatformClients(api));
    await events.start();
    customer = await newCustomer(sandbox, 'mover');
  });

  afterAll(() => events.stop());

  describe('sandbox funding', () => {
    it('credits the account at once and answers it; a COMPLETED INCOMING transaction records the deposit', async () => {
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await sandbox.post(`/sandbox/internal-accounts/${customer.internalAccountId}/fund`, {
        amount: 500_000,
      });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: customer.internalAccountId,
        customerId: customer.customerId,
        balance: { amount: before + 500_000, currency: { code: 'USD', decimals: 2 } },
      });
      const transaction = (
        await sandbox.get(
          `/transactions?receiverAccountIdentifier=${customer.internalAccountId}&type=INCOMING&limit=1`,
        )
      ).body.data[0];
      expect(transaction).toMatchObject({
        status: 'COMPLETED',
        type: 'INCOMING',
        source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
        destination: { destinationType: 'ACCOUNT', accountId: customer.internalAccountId, currency: 'USD' },
        customerId: customer.customerId,
        platformCustomerId: customer.platformCustomerId,
        receivedAmount: { amount: 500_000, currency: { code: 'USD', decimals: 2 } },
        reconciliationInstructions: { reference: expect.stringMatching(/^TR-[0-9A-F]{16}$/) },
        settledAt: expect.any(String),
      });
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before + 500_000);
    });

    it('publishes every status change in order, each carrying the transaction as the API shows it', async () => {
      const completed = await fund(sandbox, customer.internalAccountId, 1_000);
      const published = await eventually(async () => {
        const own = events.events.filter((event) => event.aggregateId === completed.id);
        return own.length === 2 ? own : undefined;
      });

      expect(changesOf(completed.id)).toEqual([
        ['CREATED', 'PENDING'],
        ['PENDING', 'COMPLETED'],
      ]);
      expect(published[1].payload.transaction).toEqual(completed);
      expect(published[0]).toMatchObject({ type: 'transaction.status-changed', environment: 'SANDBOX' });
    });

    it('refuses production credentials, a bad amount and an unknown account', async () => {
      const path = `/sandbox/internal-accounts/${customer.internalAccountId}/fund`;
      expect((await production.post(path, { amount: 100 })).status).toBe(403);
      expect((await sandbox.post(path, { amount: 100_000_000_001 })).body.code).toBe('INVALID_INPUT');
      const unknown = await sandbox.post(`/sandbox/internal-accounts/InternalAccount:${randomUUID()}/fund`, {
        amount: 1,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('ACCOUNT_NOT_FOUND');
    });
  });

  describe('transfer-in', () => {
    it('pulls from a US account: 201 PENDING, then COMPLETED with the internal account credited', async () => {
      const bank = await usBankAccount(sandbox, customer.customerId);
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await transferIn(bank, 2_500);

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        status: 'PENDING',
        type: 'INCOMING',
        source: { sourceType: 'ACCOUNT', accountId: bank, currency: 'USD' },
        destination: { accountId: customer.internalAccountId },
        receivedAmount: { amount: 2_500, currency: { code: 'USD' } },
      });
      expect(await settled(sandbox, response.body.id)).toMatchObject({ status: 'COMPLETED' });
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before + 2_500);
    });

    it.each([
      ['002', 'FAILED', 'Insufficient funds in the source account'],
      ['003', 'FAILED', 'Account closed or invalid'],
      ['004', 'REJECTED', 'Transfer rejected by the bank'],
    ])('from an account ending %s ends %s and credits nothing', async (ending, status, failureDetail) => {
      const bank = await usBankAccount(sandbox, customer.customerId, ending);
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await transferIn(bank, 700);

      expect(response.body.status).toBe('PENDING');
      expect(await settled(sandbox, response.body.id)).toMatchObject({
        status,
        failureReason: 'OFFRAMP_FAILED',
        failureDetail,
      });
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before);
    });

    it('from an account ending 005 stays PENDING for SANDBOX_DELAYED_FAILURE_SECONDS, then fails', async () => {
      const bank = await usBankAccount(sandbox, customer.customerId, '005');
      const response = await transferIn(bank, 700);
      const startedAt = Date.now();

      await new Promise((resolve) => setTimeout(resolve, DELAYED_FAILURE_MS / 2));
      expect((await sandbox.get(`/transactions/${response.body.id}`)).body.status).toBe('PENDING');
      const failed = await settled(sandbox, response.body.id);
      expect(failed).toMatchObject({ status: 'FAILED', failureDetail: 'Timed out waiting for the bank' });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DELAYED_FAILURE_MS - 100);
    });

    it('refuses a source without pull functionality with 422 TRANSFER_IN_NOT_SUPPORTED', async () => {
      const wallet = await sandbox.post('/customers/external-accounts', {
        currency: 'USD',
        customerId: customer.customerId,
        accountInfo: { accountType: 'SPARK_WALLET', address: `spark1${randomUUID().replace(/-/g, '')}` },
      });
      expect(wallet.status).toBe(201);
      const response = await transferIn(wallet.body.id, 100);
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('TRANSFER_IN_NOT_SUPPORTED');
    });
  });

  describe('transfer-out', () => {
    beforeAll(() => fund(sandbox, customer.internalAccountId, 1_000_000));

    it('reserves at once, then completes and the money stays out', async () => {
      const bank = await usBankAccount(sandbox, customer.customerId);
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await transferOut(bank, 12_550);

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        status: 'PENDING',
        type: 'OUTGOING',
        source: { sourceType: 'ACCOUNT', accountId: customer.internalAccountId, currency: 'USD' },
        destination: { destinationType: 'ACCOUNT', accountId: bank, currency: 'USD' },
        customerId: customer.customerId,
        sentAmount: { amount: 12_550, currency: { code: 'USD' } },
        receivedAmount: {
          amount: 12_550,
          currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
        },
        exchangeRate: 1,
        rateDetails: { serviceApiFixedFee: 0, platformFixedFee: 0 },
        reconciliationInstructions: { reference: expect.any(String) },
      });
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before - 12_550);

      const completed = await settled(sandbox, response.body.id);
      expect(completed).toMatchObject({ status: 'COMPLETED', settledAt: expect.any(String) });
      expect(completed).not.toHaveProperty('failureReason');
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before - 12_550);
      await eventually(async () => (changesOf(completed.id).length === 2 ? true : undefined));
      expect(changesOf(completed.id)).toEqual([
        ['CREATED', 'PENDING'],
        ['PENDING', 'COMPLETED'],
      ]);
    });

    it('pays out to an account ending 002: that ending only fails pulls', async () => {
      const response = await transferOut(await usBankAccount(sandbox, customer.customerId, '002'), 100);
      expect(await settled(sandbox, response.body.id)).toMatchObject({ status: 'COMPLETED' });
    });

    it('refuses more than the balance with 422 INSUFFICIENT_BALANCE and leaves no transaction', async () => {
      const bank = await usBankAccount(sandbox, customer.customerId);
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await transferOut(bank, before + 1);

      expect(response.status).toBe(422);
      expect(response.body.code).toBe('INSUFFICIENT_BALANCE');
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before);
      const toThatAccount = await sandbox.get(`/transactions?receiverAccountIdentifier=${bank}`);
      expect(toThatAccount.body.totalCount).toBe(0);
    });

    it.each([
      ['003', 'FAILED', 'Account closed or invalid', 0],
      ['004', 'REJECTED', 'Transfer rejected by the bank', 0],
      ['005', 'FAILED', 'Timed out waiting for the bank', DELAYED_FAILURE_MS],
    ])(
      'to an account ending %s ends %s and releases the reserve',
      async (ending, status, failureDetail, minimumMs) => {
        const bank = await usBankAccount(sandbox, customer.customerId, ending);
        const before = await balanceOf(sandbox, customer.customerId);
        const startedAt = Date.now();
        const response = await transferOut(bank, 3_000);

        expect(response.status).toBe(201);
        expect(await balanceOf(sandbox, customer.customerId)).toBe(before - 3_000);
        const ended = await settled(sandbox, response.body.id);
        expect(ended).toMatchObject({ status, failureReason: 'OFFRAMP_FAILED', failureDetail });
        expect(ended).not.toHaveProperty('settledAt');
        expect(Date.now() - startedAt).toBeGreaterThanOrEqual(minimumMs - 100);
        expect(await balanceOf(sandbox, customer.customerId)).toBe(before);
        await eventually(async () => (changesOf(ended.id).length === 2 ? true : undefined));
        expect(changesOf(ended.id)).toEqual([
          ['CREATED', 'PENDING'],
          ['PENDING', status],
        ]);
      },
    );

    it('makes one transfer for one Idempotency-Key and replays its answer', async () => {
      const bank = await usBankAccount(sandbox, customer.customerId);
      const before = await balanceOf(sandbox, customer.customerId);
      const headers = { 'idempotency-key': randomUUID() };
      // Enough at once that some of them share the gateway's claim statement.
      const [first, ...concurrent] = await Promise.all(
        Array.from({ length: 6 }, () => transferOut(bank, 4_000, headers)),
      );
      const later = await transferOut(bank, 9_999, headers);

      expect([first, ...concurrent, later].map((response) => response.status)).toEqual(Array(7).fill(201));
      expect(concurrent.map((response) => response.body.id)).toEqual(Array(5).fill(first.body.id));
      expect(later.body).toEqual(first.body);
      expect(later.headers.get('idempotent-replayed')).toBe('true');
      expect(
        [first, ...concurrent].filter((response) => response.headers.get('idempotent-replayed') !== 'true'),
      ).toHaveLength(1);
      await settled(sandbox, first.body.id);
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before - 4_000);
      expect((await sandbox.get(`/transactions?receiverAccountIdentifier=${bank}`)).body.totalCount).toBe(1);
    });

    it('refuses a destination of another currency, another owner or not yet active', async () => {
      const euros = await sandbox.post('/customers/external-accounts', {
        currency: 'EUR',
        customerId: customer.customerId,
        accountInfo: {
          accountType: 'IBAN',
          iban: 'DE89370400440532013000',
          swiftBic: 'COBADEFFXXX',
          bankName: 'Commerzbank',
          beneficiary: {
            beneficiaryType: 'INDIVIDUAL',
            fullName: 'Ada Lovelace',
            birthDate: '1985-12-10',
            nationality: 'GB',
            address: {
              line1: '1 Main St',
              city: 'Berlin',
              state: 'Berlin',
              postalCode: '10115',
              country: 'DE',
            },
          },
        },
      });
      expect(euros.status).toBe(201);
      const otherCurrency = await transferOut(euros.body.id, 100);
      expect([otherCurrency.status, otherCurrency.body.code]).toEqual([400, 'INVALID_CURRENCY']);

      const stranger = await newCustomer(sandbox, 'stranger');
      const otherOwner = await transferOut(await usBankAccount(sandbox, stranger.customerId), 100);
      expect([otherOwner.status, otherOwner.body.code]).toEqual([400, 'INVALID_INPUT']);
      expect(otherOwner.body.details.errors[0].field).toBe('destination.accountId');

      // A linked bank account stays PENDING for a moment (LINKED_ACCOUNT_ACTIVATION_MS) after the callback.
      const link = await sandbox.post('/plaid/link-tokens', { customerId: customer.customerId });
      const linked = await sandbox.post(`/plaid/callback/${link.body.linkToken}`, {
        publicToken: `public-sandbox-${randomUUID()}`,
      });
      expect(linked.body.status).toBe('PENDING');
      const notActive = await transferOut(linked.body.id, 100);
      expect([notActive.status, notActive.body.code]).toEqual([422, 'ACCOUNT_NOT_ACTIVE']);
    });

    it("answers 404 for unknown accounts and another platform's, and 400 for ids of the wrong kind", async () => {
      const unknown = await transferOut(`ExternalAccount:${randomUUID()}`, 100);
      expect([unknown.status, unknown.body.code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);

      const other = newPlatformClients(api).sandbox;
      const theirs = await newCustomer(other, 'theirs');
      const theirBank = await usBankAccount(other, theirs.customerId);
      expect((await transferOut(theirBank, 100)).body.code).toBe('ACCOUNT_NOT_FOUND');
      const fromTheirAccount = await sandbox.post('/transfer-out', {
        source: { accountId: theirs.internalAccountId },
        destination: { accountId: theirBank },
        amount: 100,
      });
      expect(fromTheirAccount.body.code).toBe('ACCOUNT_NOT_FOUND');

      const swapped = await sandbox.post('/transfer-out', {
        source: { accountId: theirBank },
        destination: { accountId: theirs.internalAccountId },
        amount: 100,
      });
      expect(swapped.status).toBe(400);
      expect(swapped.body.details.errors.map((error: { field: string }) => error.field)).toEqual([
        'source.accountId',
        'destination.accountId',
      ]);
    });
  });

  it('leaves the ledger balanced: scripts/ledger-check.mjs passes', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(REPO_ROOT, 'scripts', 'ledger-check.mjs')],
      {
        env: { ...process.env, DATABASE_URL: stack.databaseUrl },
      },
    );
    expect(stdout).toContain('ledger check passed');
  });
});
