import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import rateLimit from '@fastify/rate-limit';
import { ApiException } from '@payments/http';
import { REDIS } from '@payments/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { Counter } from 'prom-client';
import type { VerificationBudget } from '@gateway/auth/token-authenticator';
import { GatewayEnvironment } from '@gateway/gateway.environment';

type Limiter = (request: FastifyRequest, options?: { increment: boolean }) => Promise<LimitState>;

/** What @fastify/rate-limit's limiter answers; with Redis unreachable (skipOnError) it counts nothing. */
interface LimitState {
  isAllowed: boolean;
  isExceeded?: boolean;
  remaining?: number;
  ttlInSeconds?: number;
}

/** Counts one more in a fixed window that starts with its first count: answers [count, ms left]. */
const CHARGE_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;
/** Takes one back from a count still in its window; a count gone with its window stays gone. */
const REFUND_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

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
  private publicPerAddress?: Limiter;
  /**
   * The failed-authentication budget is counted by its own two scripts rather than by
   * @fastify/rate-limit, which can count up but not give a count back.
   */
  private counters?: Redis;
  private nameSpace = '';
  private authFailureBudget = 0;
  private timeWindow = 0;
  private proxyHops = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: ConfigService<GatewayEnvironment, true>,
  ) {}

  async register(fastify: FastifyInstance): Promise<void> {
    const setting = <K extends keyof GatewayEnvironment>(name: K) => this.config.get(name, { infer: true });
    // Commands of concurrent requests share one write to Redis.
    const counters = this.redis.duplicate({ enableAutoPipelining: true });
    this.counters = counters;
    this.nameSpace = setting('RATE_LIMIT_REDIS_PREFIX');
    await fastify.register(rateLimit, {
      global: false,
      redis: counters,
      nameSpace: this.nameSpace,
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
    this.authFailureBudget = setting('RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS');
    this.timeWindow = timeWindow;
    this.proxyHops = proxyHops;
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

  /**
   * The failed-authentication budget of the request's address. A secret check is charged before it
   * runs and refunded once it matched, so concurrent wrong secrets past the budget are refused
   * before any of them is checked.
   */
  authenticationBudget(request: FastifyRequest, reply: FastifyReply): VerificationBudget {
    const key = `${this.nameSpace}auth-failures:${clientAddress(request, this.proxyHops)}`;
    return {
      charge: async () => {
        // Counting is protection, not a dependency (skipOnError above): with Redis unreachable it passes.
        const counted = (await this.counters!.eval(CHARGE_SCRIPT, 1, key, this.timeWindow).catch(
          () => undefined,
        )) as [number, number] | undefined;
        if (!counted) return;
        const [count, msLeft] = counted;
        if (count === this.authFailureBudget)
          this.logger.warn({ ip: request.ip }, 'the address has spent its budget of failed authentications');
        const state = { isAllowed: false, ttlInSeconds: Math.ceil(msLeft / 1000) };
        this.refuseIf('auth_failures', count > this.authFailureBudget, state, reply);
      },
      refund: async () => {
        await this.counters!.eval(REFUND_SCRIPT, 1, key).catch(() => undefined);
      },
    };
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
