import {
  answerApprovals,
  ApiClient,
  BootstrappedPlatform,
  clabeAccount,
  eventually,
  fund,
  newCustomer,
  OwnStack,
  PlatformWithEndpoint,
  receive,
  RECEIVER_INFO,
  settled,
  supportedCurrency,
  usBankAccount,
  WebhookReceiver,
} from '@payments/testing';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RolesDatabase, REPO_ROOT } from './database-roles-kit';

/** Below Linux's ephemeral range (32768 up), so no outgoing connection takes a port between probe and bind. */
const BASE_PORT = 24080;
/** How Postgres words a refused right (SQLSTATE 42501), as the apps log it. */
const REFUSED = /permission denied|must be owner/;

/**
 * The service with every app connected as its own runtime role, on a database `npm run db:roles`
 * prepared and each app's migrator migrated (docs/operations.md, step 4): each money path runs its
 * real statements, the background loops theirs, and no app logs a refused one. Runs the built apps
 * (`npm run build` first) on the broker of KAFKA_BROKERS.
 */
describe('the service with each app on its own runtime role', () => {
  const runId = randomBytes(4).toString('hex');
  const receiver = new WebhookReceiver();
  let database: RolesDatabase;
  let stack: OwnStack;
  let environment: Record<string, string>;
  let platform: PlatformWithEndpoint;
  let sandbox: ApiClient;
  let customer: Awaited<ReturnType<typeof newCustomer>>;

  const runtimeUrlOf = (app: string) =>
    database.urlOf(database.roles.find((roles) => roles.app === app)!.runtime);

  /** Runs one of an app's built commands the way `kubectl exec` into its pod would: on its runtime role. */
  async function command(app: string, file: string, args: string[]): Promise<string> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(REPO_ROOT, 'dist/apps', app, 'src', file), ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...environment, DATABASE_URL: runtimeUrlOf(app) },
      },
    );
    return stdout;
  }
  const lastJsonLine = (output: string) => JSON.parse(output.trim().split('\n').at(-1)!);

  beforeAll(async () => {
    database = await RolesDatabase.create();
    await database.migrateAsMigrators();
    const nobody = new URL(database.adminUrl);
    nobody.username = 'roles_test_no_such_role';
    environment = {
      // No app may fall back on a shared URL: each has its runtime role's (appEnv).
      DATABASE_URL: nobody.href,
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
      KAFKA_TOPIC_PREFIX: `roles-${runId}.`,
      BULLMQ_PREFIX: `roles-${runId}`,
      RATE_LIMIT_REDIS_PREFIX: `roles-${runId}:rate-limit:`,
      UMA_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      WEBHOOK_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SANDBOX_SETTLEMENT_MS: '200',
      // Few connections per app: the test server's are shared with the other specs' stacks.
      DB_POOL_SIZE: '3',
    };
    stack = await OwnStack.start(environment, BASE_PORT, {
      name: 'runtime-roles-stack',
      migrate: false,
      appEnv: Object.fromEntries(database.roles.map(({ app }) => [app, { DATABASE_URL: runtimeUrlOf(app) }])),
    });
    const { platformId } = lastJsonLine(
      await command('customers', 'cli/ensure-platform.js', ['--platform', `roles-${runId}`]),
    );
    const credentials: Omit<BootstrappedPlatform, 'platformId'> = lastJsonLine(
      await command('gateway', 'cli/issue-bootstrap-tokens.js', ['--platform-id', platformId]),
    );
    const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
    sandbox = api.withCredentials(credentials.sandbox);
    const configured = await sandbox.patch('/config', {
      webhookEndpoint: await receiver.start(),
      supportedCurrencies: [supportedCurrency('USD'), supportedCurrency('MXN')],
    });
    expect(configured.status).toBe(200);
    platform = {
      platformId,
      sandbox,
      production: api.withCredentials(credentials.production),
      receiver,
      publicKeyPem: configured.body.webhookPublicKey,
    };
    customer = await newCustomer(sandbox);
    await fund(sandbox, customer.internalAccountId, 100_000);
  }, 240_000);

  afterAll(async () => {
    await receiver.stop();
    await stack?.stop();
    await database?.drop();
  }, 60_000);

  it('pays out: the transfer settles and its COMPLETED webhook is delivered', async () => {
    const transfer = await sandbox.post('/transfer-out', {
      source: { accountId: customer.internalAccountId },
      destination: { accountId: await usBankAccount(sandbox, customer.customerId) },
      amount: 2_500,
    });

    expect(transfer.status).toBe(201);
    expect((await settled(sandbox, transfer.body.id)).status).toBe('COMPLETED');
    await receiver.waitFor(
      (body) =>
        body?.type === 'OUTGOING_PAYMENT' &&
        body.transaction?.id === transfer.body.id &&
        body.transaction.status === 'COMPLETED',
    );
  });

  it('quotes and executes a quote to COMPLETED', async () => {
    const destination = await clabeAccount(sandbox, customer.customerId);
    // Quoting learns the platform's currencies from its events.
    const quote = await eventually(async () => {
      const response = await sandbox.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: customer.internalAccountId },
        destination: { destinationType: 'ACCOUNT', accountId: destination },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_500,
      });
      return response.status === 201 ? response.body : undefined;
    });

    const executed = await sandbox.post(
      `/quotes/${quote.quoteId}/execute`,
      {},
      { headers: { 'idempotency-key': randomUUID() } },
    );

    expect(executed.status).toBe(200);
    expect((await settled(sandbox, executed.body.transactionId)).status).toBe('COMPLETED');
    await eventually(async () => (await sandbox.get(`/quotes/${quote.quoteId}`)).body.status === 'COMPLETED');
  });

  it('receives an incoming payment the platform approves, to COMPLETED', async () => {
    answerApprovals(platform, () => ({ status: 200, body: { receiverCustomerInfo: RECEIVER_INFO } }));

    const received = await receive(sandbox, customer.customerId);

    expect(received.status).toBe(200);
    expect((await settled(sandbox, received.body.id)).status).toBe('COMPLETED');
  });

  it('imports customers from a CSV upload to its COMPLETED job', async () => {
    const { umaDomain } = (await sandbox.get('/config')).body;
    const id = `roles-${runId}-import`;
    const csv = [
      'platformCustomerId,customerType,umaAddress,fullName,birthDate,nationality,addressLine1,city,state,postalCode,country',
      `${id},INDIVIDUAL,$${id}@${umaDomain},Ada Lovelace,1990-12-10,GB,1 Main St,London,LDN,N1 1AA,GB`,
    ].join('\n');

    const accepted = await sandbox.upload('/customers/bulk/csv', csv);

    expect(accepted.status).toBe(202);
    const webhook = await receiver.waitFor(
      (body) => body?.type === 'BULK_UPLOAD' && body.bulkCustomerImportJob.jobId === accepted.body.jobId,
      30_000,
    );
    expect(webhook.body.bulkCustomerImportJob.status).toBe('COMPLETED');
  });

  it("runs the ledger check on the ledger's runtime role, and the event replay on transfers'", async () => {
    const ledgerCheck = promisify(execFile)(
      process.execPath,
      [join(REPO_ROOT, 'scripts', 'ledger-check.mjs')],
      {
        env: { ...process.env, DATABASE_URL: runtimeUrlOf('ledger') },
      },
    );
    await expect(ledgerCheck).resolves.toMatchObject({
      stdout: expect.stringContaining('ledger check passed'),
    });

    const replayed = lastJsonLine(
      await command('transfers', 'cli/replay-events.js', [
        '--topic',
        'transfers.transaction-events.v1',
        '--from',
        new Date(Date.now() - 3_600_000).toISOString(),
        '--to',
        new Date(Date.now() + 60_000).toISOString(),
      ]),
    );
    expect(replayed.replayed).toBeGreaterThan(0);
  });

  it('logs no statement refused for want of a right, in any app', () => {
    for (const { app } of database.roles) {
      const log = readFileSync(join(stack.logDir, `${app}.log`), 'utf8');
      const refused = log.split('\n').filter((line) => REFUSED.test(line));
      expect([app, refused]).toEqual([app, []]);
    }
  });
});
