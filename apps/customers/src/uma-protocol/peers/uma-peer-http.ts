import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EgressPolicy, guardedAgent, isEgressRefused } from '@payments/egress';
import { Agent, Dispatcher, request } from 'undici';
import { CustomersEnvironment } from '@customers/customers.environment';
import { UmaPeerError, UmaPeerTargets } from '@customers/uma-protocol/peers/uma-peer-targets';

/** How much of a refused answer is quoted in the failure's message. */
const QUOTED_BODY_CHARS = 200;

/**
 * Calls UMA peers: every call bounded in time (UMA_PEER_TIMEOUT_MS, connection to last byte) and
 * size (UMA_PEER_MAX_BYTES, read as it arrives and cut off beyond), redirects never followed, and
 * only a 200 taken. A peer is anyone on the internet, so each of its misbehaviours ends as an
 * UmaPeerError the caller turns into its failure reason, never as a crash or a hang.
 */
@Injectable()
export class UmaPeerHttp implements OnApplicationShutdown {
  private readonly targets: UmaPeerTargets;
  /**
   * Peers' own names, every connection through the egress guard (docs/security.md); a domain
   * UMA_DOMAIN_HOSTS maps goes where the operator said.
   */
  private readonly peers: Dispatcher;
  private readonly mapped = new Agent();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(config: ConfigService<CustomersEnvironment, true>) {
    const policy = new EgressPolicy(config.get('EGRESS_ALLOW_PRIVATE_NETWORKS', { infer: true }) === 'true');
    this.targets = new UmaPeerTargets(config.get('UMA_DOMAIN_HOSTS', { infer: true }), policy);
    this.timeoutMs = config.get('UMA_PEER_TIMEOUT_MS', { infer: true });
    this.maxBytes = config.get('UMA_PEER_MAX_BYTES', { infer: true });
    this.peers = guardedAgent(policy);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.peers.close(), this.mapped.close()]);
  }

  get(domain: string, pathAndQuery: string): Promise<string> {
    return this.call('GET', domain, pathAndQuery);
  }

  post(domain: string, pathAndQuery: string, json: string): Promise<string> {
    return this.call('POST', domain, pathAndQuery, json);
  }

  private async call(method: 'GET' | 'POST', domain: string, pathAndQuery: string, json?: string) {
    const target = this.targets.of(domain);
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(`${target.origin}${pathAndQuery}`, {
        method,
        headers: {
          host: target.host,
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json,
        dispatcher: target.mapped ? this.mapped : this.peers,
        signal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
    } catch (error) {
      if (isEgressRefused(error)) {
        throw new UmaPeerError('NOT_ALLOWED', `${domain} resolves to an address that is not allowed`);
      }
      throw new UmaPeerError('UNREACHABLE', `${domain} did not answer: ${(error as Error).message}`);
    }
    // The body is dropped unread on a redirect or past the size limit; the error that destroying it
    // emits is expected, and unheard it would end the process.
    response.body.on('error', () => undefined);
    if (response.statusCode >= 300 && response.statusCode < 400) {
      response.body.destroy();
      throw new UmaPeerError(
        'REDIRECTED',
        `${domain} answered a redirect (${response.statusCode}), not followed`,
      );
    }
    if (Number(response.headers['content-length'] ?? 0) > this.maxBytes) {
      response.body.destroy();
      throw new UmaPeerError('OVERSIZED', `${domain} answered more than ${this.maxBytes} bytes`);
    }
    const text = await this.readBounded(domain, response.body);
    if (response.statusCode !== 200) {
      throw new UmaPeerError(
        'BAD_STATUS',
        `${domain} answered ${response.statusCode}: ${text.slice(0, QUOTED_BODY_CHARS)}`,
      );
    }
    return text;
  }

  private async readBounded(domain: string, body: AsyncIterable<Buffer> & { destroy(): void }) {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > this.maxBytes) {
          body.destroy();
          throw new UmaPeerError('OVERSIZED', `${domain} answered more than ${this.maxBytes} bytes`);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof UmaPeerError) throw error;
      throw new UmaPeerError('UNREACHABLE', `${domain} broke off its answer: ${(error as Error).message}`);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
