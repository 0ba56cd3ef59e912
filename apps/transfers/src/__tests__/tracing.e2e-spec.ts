import {
  answerApprovals,
  ApiClient,
  BootstrapTarget,
  clabeAccount,
  eventually,
  ExportedSpan,
  fund,
  newCustomer,
  OtlpReceiver,
  OwnStack,
  platformWithEndpoint,
  PlatformWithEndpoint,
  receive,
  ReceivedWebhook,
  RECEIVER_INFO,
  supportedCurrency,
  usBankAccount,
  waitForApprovalRequest,
} from '@payments/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { clientTraceparent, orphansOf } from '@transfers/__tests__/tracing-stack-kit';

/** Far from the e2e stack's (18080) and other suites' base ports. */
const BASE_PORT = 26080;
/** The apps every money-path trace crosses (docs/operations.md#tracing). */
const TRACED_APPS = ['gateway', 'transfers', 'ledger', 'webhook-dispatcher'];
/** What a trace of a payment has: the apps it crosses and the steps named by this service's own spans. */
const MONEY_PATH = { apps: TRACED_APPS, steps: ['settlement move', 'webhook deliver'] };

/**
 * One trace from the API call to the webhook (issue 29): a stack of its own with tracing on,
 * exporting to a receiver in this process, and a client that starts the trace.
 */
describe('a payment traced end to end', () => {
  const otlp = new OtlpReceiver();
  const runId = randomBytes(4).toString('hex');
  const target: BootstrapTarget = {
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/payments_e2e_tracing_stack',
    kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    topicPrefix: `e2e-tracing-${runId}.`,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
  let stack: OwnStack;
  let platform: PlatformWithEndpoint;
  let client: ApiClient;
  let internalAccountId: string;
  let customerId: string;

  beforeAll(async () => {
    const endpoint = await otlp.start();
    stack = await OwnStack.start(
      {
        DATABASE_URL: target.databaseUrl,
        KAFKA_BROKERS: target.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: target.topicPrefix,
        BULLMQ_PREFIX: `e2e-tracing-${runId}`,
        RATE_LIMIT_REDIS_PREFIX: `e2e-tracing-${runId}:rate-limit:`,
        UMA_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        WEBHOOK_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        // Successful requests' access log lines are written at debug.
        LOG_LEVEL: 'debug',
        SANDBOX_SETTLEMENT_MS: '200',
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      BASE_PORT,
      { name: 'e2e-tracing-stack' },
    );
    platform = await platformWithEndpoint(new ApiClient(`${stack.gatewayUrl}/2025-10-13`), target);
    client = platform.sandbox;
    const customer = await newCustomer(client);
    ({ internalAccountId, customerId } = customer);
    await fund(client, internalAccountId, 1_000_000);
  }, 240_000);

  afterAll(async () => {
    await platform?.receiver.stop();
    await stack?.stop();
    await otlp.stop();
  }, 60_000);

  /** The COMPLETED webhook of a transaction, and the trace id of its traceparent. */
  const completedWebhookTrace = async (transactionId: string) => {
    const webhook = await platform.receiver.waitFor(
      (body) => body?.transaction?.id === transactionId && body.transaction.status === 'COMPLETED',
      30_000,
    );
    return traceIdOf(webhook);
  };

  /**
   * Waits until the trace has spans from each app and each step named, and every span's parent is in
   * it (or is the client's span): spans come in batches, the webhook's last.
   */
  const wholeTrace = (traceId: string, clientSpanId: string, expected = MONEY_PATH) =>
    eventually(
      async () => {
        const spans = otlp.trace(traceId);
        const services = new Set(spans.map((span) => span.service));
        const names = new Set(spans.map((span) => span.name));
        const missingApps = expected.apps.filter((app) => !services.has(app));
        const missingSteps = expected.steps.filter((step) => !names.has(step));
        const orphans = orphansOf(spans, clientSpanId);
        if (missingApps.length || missingSteps.length || orphans.length) {
          throw new Error(
            `missing apps [${missingApps}], missing steps [${missingSteps}]; ` +
              `spans without their parent: ${orphans.map(describeSpan).join(', ')}`,
          );
        }
        return spans;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );

  /** The apps (of those named) whose log lines carry the trace id. */
  const appsLoggingIn = (traceId: string, apps = TRACED_APPS) =>
    apps.filter((app) => stack.logLines(app).some((line) => line.trace_id === traceId));

  it('follows a transfer-out from the client through the settlement to the webhook in one trace', async () => {
    const bank = await usBankAccount(client, customerId);
    const { traceparent, traceId, spanId } = clientTraceparent();

    const created = await client.post(
      '/transfer-out',
      { source: { accountId: internalAccountId }, destination: { accountId: bank }, amount: 1_000 },
      { headers: { traceparent, 'idempotency-key': randomUUID() } },
    );

    expect(created.status).toBe(201);
    expect(await completedWebhookTrace(created.body.id)).toBe(traceId);
    const spans = await wholeTrace(traceId, spanId);
    expect(spans.filter((span) => span.parentSpanId === spanId).map((span) => span.service)).toContain(
      'gateway',
    );
    expect(appsLoggingIn(traceId)).toEqual(expect.arrayContaining(['gateway', 'transfers', 'ledger']));
  });

  it('follows a quote execution to its COMPLETED webhook in one trace', async () => {
    const configured = await client.patch('/config', {
      supportedCurrencies: [supportedCurrency('USD'), supportedCurrency('MXN')],
    });
    expect(configured.status).toBe(200);
    const clabe = await clabeAccount(client, customerId);
    // Quoting learns the platform's currencies from its events.
    const quote = await eventually(async () => {
      const response = await client.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: internalAccountId },
        destination: { destinationType: 'ACCOUNT', accountId: clabe },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_500,
      });
      return response.status === 201 ? response.body : undefined;
    });
    const { traceparent, traceId, spanId } = clientTraceparent();

    const executed = await client.post(
      `/quotes/${quote.quoteId}/execute`,
      {},
      { headers: { traceparent, 'idempotency-key': randomUUID() } },
    );

    expect(executed.status).toBe(200);
    expect(await completedWebhookTrace(executed.body.transactionId)).toBe(traceId);
    const spans = await wholeTrace(traceId, spanId);
    expect(spans.some((span) => span.service === 'quoting')).toBe(true);
    expect(appsLoggingIn(traceId)).toEqual(expect.arrayContaining(['gateway', 'transfers', 'ledger']));
  });
  it('follows an incoming payment the platform approves, from the call to the COMPLETED webhook, in one trace', async () => {
    answerApprovals(platform, () => ({ status: 200, body: { receiverCustomerInfo: RECEIVER_INFO } }));
    const { traceparent, traceId, spanId } = clientTraceparent();

    const received = await receive(client, customerId, 2_500, randomUUID(), { traceparent });

    expect(received.status).toBe(200);
    expect(traceIdOf(await waitForApprovalRequest(platform, received.body.id))).toBe(traceId);
    expect(await completedWebhookTrace(received.body.id)).toBe(traceId);
    await wholeTrace(traceId, spanId, { apps: TRACED_APPS, steps: ['webhook deliver'] });
    expect(appsLoggingIn(traceId)).toEqual(expect.arrayContaining(['gateway', 'transfers', 'ledger']));
  });

  it('follows a bulk import from the upload through its chunks to the BULK_UPLOAD webhook in one trace', async () => {
    const { umaDomain } = (await client.get('/config')).body;
    const customers = [1, 2].map((row) => `tracing-${runId}-${row}`);
    const csv = [
      'platformCustomerId,customerType,umaAddress,fullName,birthDate,nationality,addressLine1,city,state,postalCode,country',
      ...customers.map(
        (id) =>
          `${id},INDIVIDUAL,$${id}@${umaDomain},Ada Lovelace,1990-12-10,GB,1 Main St,London,LDN,N1 1AA,GB`,
      ),
    ].join('\n');
    const { traceparent, traceId, spanId } = clientTraceparent();

    const accepted = await client.upload('/customers/bulk/csv', csv, { headers: { traceparent } });

    expect(accepted.status).toBe(202);
    const webhook = await platform.receiver.waitFor(
      (body) => body?.type === 'BULK_UPLOAD' && body.bulkCustomerImportJob.jobId === accepted.body.jobId,
      30_000,
    );
    expect(webhook.body.bulkCustomerImportJob.status).toBe('COMPLETED');
    expect(traceIdOf(webhook)).toBe(traceId);
    await wholeTrace(traceId, spanId, {
      apps: ['gateway', 'bulk-import-worker', 'customers', 'webhook-dispatcher'],
      // BullMQ's spans (bullmq-otel): the upload queues the chunks, a worker takes each in the trace.
      steps: ['addBulk customer-import', 'process customer-import', 'webhook deliver'],
    });
    expect(appsLoggingIn(traceId, ['gateway', 'bulk-import-worker'])).toHaveLength(2);
  });
});

/** The trace id of the traceparent a webhook came with. */
function traceIdOf(webhook: ReceivedWebhook): string {
  return String(webhook.headers.traceparent).split('-')[1];
}

function describeSpan(span: ExportedSpan): string {
  return `${span.service} '${span.name}' (parent ${span.parentSpanId || 'none'})`;
}
