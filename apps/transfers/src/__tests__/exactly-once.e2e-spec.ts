import {
  ApiClient,
  AppReplica,
  balanceOf,
  bootstrapPlatform,
  clabeAccount,
  e2eStack,
  eventually,
  fund,
  FundedCustomer,
  newCustomer,
  settled,
  supportedCurrency,
  usBankAccount,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/** Short, so that a paused app outlasts it quickly; a claim is abandoned this plus 2 s after it. */
const UPSTREAM_TIMEOUT_MS = 2_000;
/** Replica numbers of their own, beyond those other suites start. */
const REPLICA = 3;

/**
 * One Idempotency-Key, one effect, whatever fails between the client and the app that makes it.
 * The faults hit a chain of replicas of the test's own (gateway → quoting → transfers → ledger), so
 * that pausing or killing them leaves the shared stack alone.
 */
describe('exactly once through timeouts and crashes', () => {
  const stack = e2eStack();
  let ledger: AppReplica;
  let transfers: AppReplica;
  let quoting: AppReplica;
  let gateway: AppReplica;
  let direct: ApiClient;
  let faulty: ApiClient;
  let customer: FundedCustomer;
  let bank: string;

  const startLedger = () => AppReplica.start('ledger', 'LEDGER_PORT', REPLICA);
  const startTransfers = () =>
    AppReplica.start('transfers', 'TRANSFERS_PORT', REPLICA, { LEDGER_URL: ledger.url });
  const startGateway = () =>
    AppReplica.start('gateway', 'GATEWAY_PORT', REPLICA, {
      TRANSFERS_URL: transfers.url,
      QUOTING_URL: quoting.url,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    });

  const transferOut = (client: ApiClient, key: string, amount = 1_000) =>
    client.post(
      '/transfer-out',
      { source: { accountId: customer.internalAccountId }, destination: { accountId: bank }, amount },
      { headers: { 'idempotency-key': key } },
    );
  const transfersTo = async (accountId: string) =>
    (await direct.get(`/transactions?receiverAccountIdentifier=${accountId}&limit=100`)).body.data as {
      id: string;
      status: string;
    }[];

  /** Runs `act` with `replica` frozen, beyond the gateway's timeout; it thaws whatever happens. */
  async function whilePaused<T>(replica: AppReplica, act: () => Promise<T>): Promise<T> {
    replica.pause();
    try {
      return await act();
    } finally {
      replica.resume();
    }
  }

  beforeAll(async () => {
    ledger = await startLedger();
    transfers = await startTransfers();
    quoting = await AppReplica.start('quoting', 'QUOTING_PORT', REPLICA, { TRANSFERS_URL: transfers.url });
    gateway = await startGateway();
    const platform = bootstrapPlatform();
    direct = new ApiClient(`${stack.gatewayUrl}/2025-10-13`, platform.sandbox);
    faulty = new ApiClient(`${gateway.url}/2025-10-13`, platform.sandbox);
    customer = await newCustomer(direct, 'exactly-once');
    await fund(direct, customer.internalAccountId, 1_000_000);
  }, 180_000);

  beforeEach(async () => {
    bank = await usBankAccount(direct, customer.customerId);
  });

  afterAll(async () => {
    for (const replica of [gateway, quoting, transfers, ledger]) {
      replica?.resume();
      await replica?.stop();
    }
  });

  it('answers a retry after a timeout with the transfer the first request made', async () => {
    const key = randomUUID();
    const timedOut = await whilePaused(transfers, () => transferOut(faulty, key));

    expect(timedOut.status).toBe(503);
    expect(timedOut.headers.get('retry-after')).toBe('1');
    const made = await eventually(async () => (await transfersTo(bank))[0]);
    const retried = await transferOut(faulty, key);
    expect(retried.status).toBe(201);
    expect(retried.body.id).toBe(made.id);
    expect(await transfersTo(bank)).toHaveLength(1);
  });

  it('finishes, on retry, a transfer whose app died between its row and its reserve', async () => {
    const key = randomUUID();
    const before = await balanceOf(direct, customer.customerId);
    // A lock on the account's ledger row holds the reserve back; reads of the account go on.
    const blocker = new Client({ connectionString: stack.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM ledger.accounts WHERE id = $1 FOR UPDATE', [
        customer.internalAccountId.split(':')[1],
      ]);
      const timedOut = await transferOut(faulty, key, 2_500);
      expect(timedOut.status).toBe(503);
      // Written CREATED (unlisted until reserved), its reserve waiting for the lock.
      const { rows } = await blocker.query(
        'SELECT status FROM transfers.transactions WHERE destination_account_id = $1',
        [bank],
      );
      expect(rows).toEqual([{ status: 'CREATED' }]);
      await transfers.kill();
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    transfers = await startTransfers();
    await gateway.stop();
    gateway = await startGateway();

    const retried = await transferOut(faulty, key, 2_500);

    expect(retried.status).toBe(201);
    expect(retried.body.status).toBe('PENDING');
    expect((await settled(direct, retried.body.id)).status).toBe('COMPLETED');
    expect(await transfersTo(bank)).toHaveLength(1);
    expect(await balanceOf(direct, customer.customerId)).toBe(before - 2_500);
  }, 120_000);

  it('lets a retry take over the key of a gateway that died mid-request', async () => {
    const key = randomUUID();
    transfers.pause();
    const lost = transferOut(faulty, key).catch(() => undefined);
    // The dead gateway's claim is stored; its request waits in the paused app.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await gateway.kill();
    await lost;
    transfers.resume();
    gateway = await startGateway();

    const retried = await eventually(
      async () => {
        const response = await transferOut(faulty, key);
        if (response.status === 409) expect(response.headers.get('retry-after')).toBe('1');
        return response.status === 201 ? response : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 1_000 },
    );

    const made = await transfersTo(bank);
    expect(made).toHaveLength(1);
    expect(retried.body.id).toBe(made[0].id);
  }, 90_000);

  it('replays the first answer to a retry racing the first request', async () => {
    const key = randomUUID();
    transfers.pause();
    const first = transferOut(faulty, key);
    const racing = transferOut(faulty, key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    transfers.resume();

    const [firstAnswer, racingAnswer] = await Promise.all([first, racing]);

    expect([firstAnswer.status, racingAnswer.status]).toEqual([201, 201]);
    expect(racingAnswer.body).toEqual(firstAnswer.body);
    expect(racingAnswer.headers.get('idempotent-replayed')).toBe('true');
    expect(await transfersTo(bank)).toHaveLength(1);
  });

  it('lets a client without a key find what its timed-out request made, as the README says', async () => {
    const startDate = new Date(Date.now() - 1_000).toISOString();
    const body = {
      source: { accountId: customer.internalAccountId },
      destination: { accountId: bank },
      amount: 1_234,
    };
    const timedOut = await whilePaused(transfers, () => faulty.post('/transfer-out', body));
    expect(timedOut.status).toBe(503);

    const found = await eventually(async () => {
      const page = await direct.get(
        `/transactions?senderAccountIdentifier=${customer.internalAccountId}&startDate=${startDate}&type=OUTGOING`,
      );
      return page.body.data.find(
        (transaction: any) =>
          transaction.destination.accountId === bank && transaction.sentAmount.amount === 1_234,
      );
    });
    expect(found.status).not.toBe('CREATED');
  });

  it('executes a quote once when the execution is retried after a timeout', async () => {
    const configured = await direct.patch('/config', {
      supportedCurrencies: [supportedCurrency('USD'), supportedCurrency('MXN')],
    });
    expect(configured.status).toBe(200);
    const clabe = await clabeAccount(direct, customer.customerId);
    const newQuote = () =>
      direct.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: customer.internalAccountId },
        destination: { destinationType: 'ACCOUNT', accountId: clabe },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_500,
      });
    // Quoting learns the platform's currencies from its events.
    const quote = await eventually(async () => {
      const response = await newQuote();
      return response.status === 201 ? response : undefined;
    });
    const key = randomUUID();
    const execute = () =>
      faulty.post(`/quotes/${quote.body.quoteId}/execute`, {}, { headers: { 'idempotency-key': key } });
    const timedOut = await whilePaused(transfers, execute);
    expect(timedOut.status).toBe(503);

    const retried = await execute();

    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ quoteId: quote.body.quoteId, transactionId: expect.any(String) });
    const made = await eventually(async () => {
      const found = await transfersTo(clabe);
      return found.length ? found : undefined;
    });
    expect(made.map((transaction) => transaction.id)).toEqual([retried.body.transactionId]);
  });

  it('funds a sandbox account once when the funding is retried after a timeout', async () => {
    const { internalAccountId } = await newCustomer(direct, 'funded-once');
    const key = randomUUID();
    const fundOnce = () =>
      faulty.post(
        `/sandbox/internal-accounts/${internalAccountId}/fund`,
        { amount: 7_000 },
        {
          headers: { 'idempotency-key': key },
        },
      );
    const timedOut = await whilePaused(transfers, fundOnce);
    expect(timedOut.status).toBe(503);

    const retried = await fundOnce();

    expect(retried.status).toBe(200);
    expect(retried.body.balance.amount).toBe(7_000);
    const deposits = await direct.get(
      `/transactions?receiverAccountIdentifier=${internalAccountId}&type=INCOMING`,
    );
    expect(deposits.body.data).toHaveLength(1);
  });
});
