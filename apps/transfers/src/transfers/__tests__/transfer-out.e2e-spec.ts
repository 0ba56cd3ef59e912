import {
  ApiClient,
  balanceOf,
  eventually,
  fund,
  FundedCustomer,
  newCustomer,
  newPlatformClients,
  settled,
  usBankAccount,
  runLedgerCheck,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DELAYED_FAILURE_MS, transfersE2e } from '@transfers/transfers/__tests__/transfers-e2e-kit';

describe('money movement through the sandbox rail: transfer-out, and the ledger it leaves', () => {
  const transfers = transfersE2e({ listening: true });
  const { stack, api, changesOf, transferOut } = transfers;
  let sandbox: ApiClient, customer: FundedCustomer;
  beforeAll(() => void ({ sandbox, customer } = transfers));

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
    const stdout = await runLedgerCheck(stack.databaseUrl);
    expect(stdout).toContain('ledger check passed');
  });
});
