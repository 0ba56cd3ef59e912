import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { performance } from 'node:perf_hooks';
import { EGRESS_FAILURE_DESCRIPTIONS, egressFailureOf, EgressPolicy, guardedAgent } from '@payments/egress';
import { Agent, Dispatcher, request } from 'undici';
import { AttemptResult } from '@webhooks/deliveries/delivery-policy';
import { SignedAttempt } from '@webhooks/signing/webhook-signer';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/** How much of an endpoint's answer is kept with the attempt. */
const RESPONSE_EXCERPT_BYTES = 4096;

/**
 * POSTs webhook attempts signed by WebhookSigner over keep-alive connections (one undici agent, a pool per endpoint
 * origin) and reports what happened; it never throws, since every outcome is recorded. Every
 * connection passes the egress guard (docs/security.md): an endpoint that is, or resolves to, a
 * refused address fails as EGRESS_REFUSED, and a failure is recorded as its kind, never with the
 * error's text, which would tell the platform about hosts inside the deployment.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor(config: ConfigService<WebhookDispatcherEnvironment, true>) {
    this.timeoutMs = config.get('WEBHOOK_TIMEOUT_MS', { infer: true });
    // As many connections per endpoint as webhooks in flight, so one busy platform can use them all.
    // undici's own timers bound each phase (connect, headers, body) more cheaply than an AbortSignal.
    const policy = new EgressPolicy(config.get('EGRESS_ALLOW_PRIVATE_NETWORKS', { infer: true }) === 'true');
    this.agent = guardedAgent(policy, {
      connections: config.get('WEBHOOK_CONCURRENCY', { infer: true }),
      keepAliveTimeout: 30_000,
      connect: { timeout: this.timeoutMs },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  /** `timeoutMs` shortens this attempt's wait for the answer and its body (an approval request's). */
  async send(
    url: string,
    { body, headers }: SignedAttempt,
    timeoutMs = this.timeoutMs,
  ): Promise<AttemptResult> {
    const startedAt = new Date();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await request(url, {
        dispatcher: this.agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const responseBody = await excerptOf(response.body);
      return { url, startedAt, durationMs: elapsed(), responseStatus: response.statusCode, responseBody };
    } catch (error) {
      const failure = egressFailureOf(error);
      const description =
        failure === 'TIMEOUT' ? `no answer within ${timeoutMs} ms` : EGRESS_FAILURE_DESCRIPTIONS[failure];
      return { url, startedAt, durationMs: elapsed(), error: `${failure}: ${description}`, failure };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}

/** The start of an answer; reading stops there (closing that connection) so a huge answer costs nothing. */
async function excerptOf(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_EXCERPT_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
}
