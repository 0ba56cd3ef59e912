import { ConfigService } from '@nestjs/config';
import { SpanContext, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { Environment } from '@payments/contracts';
import { recordSpans, traceparentOfSpan } from '@payments/testing';
import { once } from 'node:events';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { WebhookSigner } from '@webhooks/signing/webhook-signer';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/** The trace context of the transaction event the delivery was enqueued for. */
const EVENT: SpanContext = {
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  traceFlags: TraceFlags.SAMPLED,
};
const TRACEPARENT = traceparentOfSpan(EVENT);

const CONFIG: Record<string, unknown> = {
  WEBHOOK_TIMEOUT_MS: 2_000,
  WEBHOOK_CONCURRENCY: 2,
  EGRESS_ALLOW_PRIVATE_NETWORKS: 'true',
};

describe('a webhook attempt', () => {
  let platform: Server;
  let url: string;
  /** The trace headers of each request the platform got, as sent (a header repeated is repeated). */
  let received: string[][];
  let transport: WebhookSender;
  let sender: SignedWebhookSender;

  beforeAll(async () => {
    platform = createServer((request: IncomingMessage, response) => {
      received.push(
        request.rawHeaders.filter((_, index, raw) => raw[index - 1]?.toLowerCase() === 'traceparent'),
      );
      response.end('ok');
    }).listen(0, '127.0.0.1');
    await once(platform, 'listening');
    url = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/hooks`;
    transport = new WebhookSender({ get: (key: string) => CONFIG[key] } as unknown as ConfigService<
      WebhookDispatcherEnvironment,
      true
    >);
    const signer = {
      signAttempt: async (_: unknown, body: string) => ({ body, headers: { 'x-grid-signature': 'sig' } }),
    };
    sender = new SignedWebhookSender(signer as unknown as WebhookSigner, transport);
  });

  beforeEach(() => {
    received = [];
  });

  afterAll(async () => {
    await transport.onApplicationShutdown();
    platform.close();
  });

  const attempt = (traceparent: string | null) =>
    sender.send(url, {
      platformId: 'Platform:1',
      environment: Environment.Sandbox,
      body: '{"webhookId":"Webhook:1"}',
      traceparent,
    });

  it('sends the stored traceparent as it came when tracing is off', async () => {
    await attempt(TRACEPARENT);
    await attempt(null);
    expect(received).toEqual([[TRACEPARENT], []]);
  });

  describe('with tracing on', () => {
    const spans = recordSpans();

    const deliverSpans = () => spans.ended().filter((span) => span.name === 'webhook deliver');

    it("continues the event's trace in a CLIENT span whose context it sends", async () => {
      expect((await attempt(TRACEPARENT)).responseStatus).toBe(200);

      const [deliver] = deliverSpans();
      expect(deliver.kind).toBe(SpanKind.CLIENT);
      expect(deliver.spanContext().traceId).toBe(EVENT.traceId);
      expect(deliver.parentSpanContext?.spanId).toBe(EVENT.spanId);
      expect(deliver.attributes['http.response.status_code']).toBe(200);
      expect(received).toEqual([[traceparentOfSpan(deliver)]]);
    });

    it("sends one traceparent, the undici instrumentation's, when that instrumentation is on", async () => {
      const undici = new UndiciInstrumentation();
      undici.setTracerProvider(trace.getTracerProvider());
      undici.enable();
      try {
        await attempt(TRACEPARENT);
      } finally {
        undici.disable();
      }

      const request = spans.ended().find((span) => span.name === 'POST')!;
      expect(request.parentSpanContext?.spanId).toBe(deliverSpans().at(-1)!.spanContext().spanId);
      expect(received).toEqual([[traceparentOfSpan(request)]]);
    });
  });
});
