import {
  ApiClient,
  BootstrapTarget,
  clabeAccount,
  eventually,
  ExportedSpan,
  fund,
  newCustomer,
  OtlpReceiver,
  platformWithEndpoint,
  PlatformWithEndpoint,
  supportedCurrency,
  usBankAccount,
} from '@payments/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { clientTraceparent, orphansOf, OwnStack } from '@transfers/__tests__/tracing-stack-kit';

/** Far from the e2e stack's (18080) and other suites' base ports. */
const BASE_PORT = 26080;
/** The apps every money-path trace crosses (docs/operations.md#tracing). */
const TRACED_APPS = ['gateway', 'transfers', 'ledger', 'webhook-dispatcher'];

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
    return String(webhook.headers.traceparent).split('-')[1];
  };

  /**
   * Waits until the trace has spans from each app named and a settlement step, and every span's
   * parent is in it (or is the client's span): spans come in batches, the webhook's last.
   */
  const wholeTrace = (traceId: string, clientSpanId: string) =>
    eventually(
      async () => {
        const spans = otlp.trace(traceId);
        const services = new Set(spans.map((span) => span.service));
        const missing = TRACED_APPS.filter((app) => !services.has(app));
        const orphans = orphansOf(spans, clientSpanId);
        const settled = spans.some((span) => span.name === 'settlement move');
        const delivered = spans.some((span) => span.name === 'webhook deliver');
        if (missing.length || orphans.length || !settled || !delivered) {
          throw new Error(
            `missing apps [${missing}], settlement step ${settled}, webhook delivery ${delivered}; ` +
              `spans without their parent: ${orphans.map(describeSpan).join(', ')}`,
          );
        }
        return spans;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );

  /** The apps whose log lines carry the trace id. */
  const appsLoggingIn = (traceId: string) =>
    TRACED_APPS.filter((app) => stack.logLines(app).some((line) => line.trace_id === traceId));

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
});

function describeSpan(span: ExportedSpan): string {
  return `${span.service} '${span.name}' (parent ${span.parentSpanId || 'none'})`;
}
