import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import rateLimit from '@fastify/rate-limit';
import { ApiException } from '@payments/http';
import { REDIS } from '@payments/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { Counter } from 'prom-client';
import { GatewayEnvironment } from '@gateway/gateway.environment';

type Limiter = (request: FastifyRequest, options?: { increment: boolean }) => Promise<LimitState>;

/** What @fastify/rate-limit's limiter answers; with Redis unreachable (skipOnError) it counts nothing. */
interface LimitState {
  isAllowed: boolean;
  isExceeded?: boolean;
  remaining?: number;
  ttlInSeconds?: number;
}

const refusals = new Counter({
  name: 'gateway_rate_limited_requests_total',
  help: 'Requests refused with 429, by the limit they passed',
  labelNames: ['limit'],
});

/**
 * The gateway's request budgets, counted in Redis by @fastify/rate-limit so that every replica
 * shares them: a budget of requests per API token; one of failed authentications per client
 * address, which once spent refuses every authentication from that address until its window ends
 * (a brute force of secrets gets a few tries a window, not thousands a second); and one of requests
 * per client address to the endpoints without credentials.
 */
@Injectable()
export class RequestLimits {
  private readonly logger = new Logger(RequestLimits.name);
  private perToken?: Limiter;
  private authFailures?: Limiter;
  private publicPerAddress?: Limiter;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: ConfigService<GatewayEnvironment, true>,
  ) {}

  async register(fastify: FastifyInstance): Promise<void> {
    const setting = <K extends keyof GatewayEnvironment>(name: K) => this.config.get(name, { infer: true });
    // Commands of concurrent requests share one write to Redis.
    const counters = this.redis.duplicate({ enableAutoPipelining: true });
    await fastify.register(rateLimit, {
      global: false,
      redis: counters,
      nameSpace: setting('RATE_LIMIT_REDIS_PREFIX'),
      // Counting is protection, not a dependency: with Redis unreachable requests still pass.
      skipOnError: true,
    });
    fastify.addHook('onClose', async () => void counters.disconnect());
    const timeWindow = setting('RATE_LIMIT_WINDOW_MS');
    const proxyHops = setting('TRUSTED_PROXY_HOPS');
    this.perToken = fastify.createRateLimit({
      max: setting('RATE_LIMIT_PER_TOKEN'),
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `token:${request.principal!.tokenId}`,
    }) as Limiter;
    this.authFailures = fastify.createRateLimit({
      max: setting('RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS'),
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `auth-failures:${clientAddress(request, proxyHops)}`,
    }) as Limiter;
    this.publicPerAddress = fastify.createRateLimit({
      max: setting('RATE_LIMIT_PUBLIC_PER_ADDRESS'),
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `public:${clientAddress(request, proxyHops)}`,
    }) as Limiter;
  }

  /** Counts a request to an endpoint without credentials, refused past its address's budget. */
  async admitPublic(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const state = await this.publicPerAddress!(request);
    this.refuseIf('public', state.isExceeded === true, state, reply);
  }

  /** Counts a request of an authenticated token, refused past the token's budget. */
  async admitToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const state = await this.perToken!(request);
    this.refuseIf('token', state.isExceeded === true, state, reply);
  }

  /** Refuses authentication from an address that has spent its budget of failures; counts nothing. */
  async admitAddress(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const state = await this.authFailures!(request, { increment: false });
    this.refuseIf('auth_failures', state.remaining === 0 && (state.ttlInSeconds ?? 0) > 0, state, reply);
  }

  /** Counts a failed authentication of the request's address. */
  async countAuthFailure(request: FastifyRequest): Promise<void> {
    const state = await this.authFailures!(request);
    if (state.remaining === 0)
      this.logger.warn({ ip: request.ip }, 'the address has spent its budget of failed authentications');
  }

  private refuseIf(limit: string, refused: boolean, state: LimitState, reply: FastifyReply): void {
    if (!refused) return;
    refusals.inc({ limit });
    void reply.header('retry-after', String(Math.max(1, state.ttlInSeconds ?? 1)));
    throw new ApiException('RATE_LIMITED', 'Too many requests; retry after the seconds in Retry-After');
  }
}

/**
 * The address a request came from, as the nearest trusted proxy saw it: the socket's address, or,
 * behind `hops` proxies, the entry the farthest of them appended to X-Forwarded-For. Entries before
 * it are the client's own words, so a client cannot pick the address its failures are counted on.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ips' | 'socket'>, hops: number): string {
  const chain = request.ips ?? [request.socket.remoteAddress ?? 'unknown'];
  return chain[Math.min(hops, chain.length - 1)];
}
