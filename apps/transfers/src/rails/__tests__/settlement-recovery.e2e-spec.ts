import {
  ApiClient,
  balanceOf,
  e2eStack,
  eventually,
  fund,
  FundedCustomer,
  InternalCaller,
  newCustomer,
  newPlatformClients,
  settled,
  usBankAccount,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ABANDONED_DETAIL } from '@transfers/rails/settlement-plan';

/**
 * Crashes are simulated by writing what a request or a worker had done when it died: the rows it
 * committed (straight into the transfers schema) and the postings it made (straight to the ledger's
 * internal API). The settlement worker must finish or undo each one, moving money exactly once.
 */
describe('settlement worker recovery', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const database = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=transfers' });
  let platformId: string;
  let sandbox: ApiClient;
  let customer: FundedCustomer;
  let bank: string;

  /** Posts to the ledger as the transfers app does, on the platform's behalf. */
  async function post(transactionId: string, kind: string, amount: number): Promise<number> {
    const ledger = InternalCaller.ofStack('transfers').client('ledger', stack.appUrls.ledger, {
      platformId,
      environment: 'SANDBOX',
    });
    const response = await ledger.post('/internal/postings/batch', {
      postings: [
        {
          transactionId: `Transaction:${transactionId}`,
          kind,
          accountId: customer.internalAccountId,
          amount,
          currency: 'USD',
        },
      ],
    });
    return response.body.results[0].status;
  }

  /**
   * A transfer-out as a request leaves it: CREATED with its rail attempt, or PENDING after the
   * reserve. The worker takes it up 2 s later, leaving the test time to make the postings it made.
   */
  async function leftBehind(status: 'CREATED' | 'PENDING', amount: number): Promise<string> {
    const id = randomUUID();
    await database.query(
      `WITH created AS (
         INSERT INTO transactions (id, platform_id, environment, type, status, source_type, source_account_id,
           source_currency, destination_type, destination_account_id, destination_currency, customer_id,
           platform_customer_id, sent_amount, received_amount, reference)
         VALUES ($1, $2, 'SANDBOX', 'OUTGOING', $3, 'ACCOUNT', $4, 'USD', 'ACCOUNT', $5, 'USD', $6, $7, $8, $8, $9)
         RETURNING id
       ), history AS (
         INSERT INTO transaction_status_history (transaction_id, from_status, to_status, at)
         SELECT id, 'CREATED', 'PENDING', now() FROM created WHERE $3 = 'PENDING'
       )
       INSERT INTO rail_attempts (transaction_id, answer, delay_ms, due_at)
       SELECT id, 'SETTLE', 0, now() + interval '2 seconds' FROM created`,
      [
        id,
        platformId.replace('Platform:', ''),
        status,
        customer.internalAccountId,
        bank,
        customer.customerId,
        customer.platformCustomerId,
        amount,
        `TR-TEST${id.slice(0, 8).toUpperCase()}`,
      ],
    );
    return id;
  }

  beforeAll(async () => {
    ({ platformId, sandbox } = newPlatformClients(api));
    await database.connect();
    customer = await newCustomer(sandbox, 'recovery');
    bank = await usBankAccount(sandbox, customer.customerId);
    await fund(sandbox, customer.internalAccountId, 10_000);
  });

  afterAll(() => database.end());

  it('abandons a transfer-out whose request died after its reserve: the reserve is released, the transfer FAILED', async () => {
    const before = await balanceOf(sandbox, customer.customerId);
    const id = await leftBehind('CREATED', 3_000);
    expect(await post(id, 'RESERVE', 3_000)).toBe(201);
    expect(await balanceOf(sandbox, customer.customerId)).toBe(before - 3_000);

    const failed = await settled(sandbox, `Transaction:${id}`);
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: 'OFFRAMP_FAILED',
      failureDetail: ABANDONED_DETAIL,
    });
    expect(await balanceOf(sandbox, customer.customerId)).toBe(before);
  });

  it('abandons a transfer-out whose request died before its reserve, without moving money', async () => {
    const before = await balanceOf(sandbox, customer.customerId);
    const id = await leftBehind('CREATED', 2_000);

    expect(await settled(sandbox, `Transaction:${id}`)).toMatchObject({ status: 'FAILED' });
    expect(await balanceOf(sandbox, customer.customerId)).toBe(before);
  });

  it('discards a transfer-out left CREATED whose reserve the ledger refuses: nothing was ever held', async () => {
    const before = await balanceOf(sandbox, customer.customerId);
    const id = await leftBehind('CREATED', before + 1);

    await eventually(async () => {
      const { rowCount } = await database.query(`SELECT 1 FROM transactions WHERE id = $1`, [id]);
      return rowCount === 0 ? true : undefined;
    });
    expect((await sandbox.get(`/transactions/Transaction:${id}`)).status).toBe(404);
    expect(await balanceOf(sandbox, customer.customerId)).toBe(before);
  });

  it('completes a settlement whose worker died after posting it, without settling twice', async () => {
    const before = await balanceOf(sandbox, customer.customerId);
    const id = await leftBehind('PENDING', 1_500);
    expect(await post(id, 'RESERVE', 1_500)).toBe(201);
    expect(await post(id, 'SETTLE', 1_500)).toBe(201);

    const completed = await settled(sandbox, `Transaction:${id}`);
    expect(completed).toMatchObject({ status: 'COMPLETED', settledAt: expect.any(String) });
    expect(await balanceOf(sandbox, customer.customerId)).toBe(before - 1_500);
    // The worker's SETTLE was the ledger's replay of the first one.
    expect(await post(id, 'SETTLE', 1_500)).toBe(200);
  });

  it('refuses, in the database, a history row for a move the state machine does not list', async () => {
    const id = await leftBehind('PENDING', 100);
    expect(await post(id, 'RESERVE', 100)).toBe(201);
    await expect(
      database.query(
        `INSERT INTO transaction_status_history (transaction_id, from_status, to_status, at) VALUES ($1, 'FAILED', 'COMPLETED', now())`,
        [id],
      ),
    ).rejects.toThrow(/foreign key/);
    await expect(
      database.query(`DELETE FROM transaction_status_history WHERE transaction_id = $1`, [id]),
    ).rejects.toThrow(/append-only/);
    await settled(sandbox, `Transaction:${id}`);
  });
});
