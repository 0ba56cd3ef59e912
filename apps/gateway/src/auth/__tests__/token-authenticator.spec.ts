import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import Redis from 'ioredis';
import { EventEmitter } from 'node:events';
import { Repository } from 'typeorm';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { hashSecret } from '@gateway/auth/secret-hasher';
import { SecretVerificationLimiter } from '@gateway/auth/secret-verification-limiter';
import { TokenAuthenticator, VerificationBudget } from '@gateway/auth/token-authenticator';
import { GatewayEnvironment } from '@gateway/gateway.environment';

const SECRET = 'right-secret';

function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

/** A failed-authentication budget of `max` that refuses like RequestLimits once spent. */
function budgetOf(max: number) {
  const ledger = { charged: 0, refunded: 0 };
  const budget: VerificationBudget = {
    charge: async () => {
      ledger.charged += 1;
      if (ledger.charged - ledger.refunded > max) throw new ApiException('RATE_LIMITED', 'spent');
    },
    refund: async () => {
      ledger.refunded += 1;
    },
  };
  return { budget, ledger };
}

async function authenticatorWith(settings: { concurrent: number; queued: number }) {
  const token = Object.assign(new ApiToken(), {
    id: 'token-1',
    clientId: 'client-1',
    platformId: 'platform-1',
    environment: Environment.Sandbox,
    permissions: ['VIEW'],
    secretHash: await hashSecret(SECRET),
  });
  const lookups = { count: 0, gate: Promise.resolve() };
  const tokens = {
    findOneBy: jest.fn(async ({ clientId }: { clientId: string }) => {
      lookups.count += 1;
      await lookups.gate;
      return clientId === token.clientId ? token : null;
    }),
  } as unknown as Repository<ApiToken>;
  const subscriber = Object.assign(new EventEmitter(), {
    subscribe: jest.fn().mockResolvedValue(1),
    quit: jest.fn().mockResolvedValue('OK'),
  });
  const redis = { duplicate: () => subscriber, publish: jest.fn() } as unknown as Redis;
  const values: Partial<GatewayEnvironment> = {
    AUTH_CACHE_TTL_MS: 60_000,
    AUTH_MAX_CONCURRENT_VERIFICATIONS: settings.concurrent,
    AUTH_MAX_QUEUED_VERIFICATIONS: settings.queued,
  };
  const config = { get: (name: keyof GatewayEnvironment) => values[name] } as ConfigService<
    GatewayEnvironment,
    true
  >;
  const authenticator = new TokenAuthenticator(tokens, redis, new SecretVerificationLimiter(config), config);
  await authenticator.onModuleInit();
  return { authenticator, lookups, subscriber };
}

describe('TokenAuthenticator under attack', () => {
  it('charges the budget before checking: of a concurrent burst of 20 wrong secrets only the budget of 3 is checked', async () => {
    const { authenticator, lookups } = await authenticatorWith({ concurrent: 64, queued: 64 });
    const { budget } = budgetOf(3);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        authenticator.authenticate(basic('client-1', `wrong-${index}`), budget),
      ),
    );

    const codes = outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason.code : 'OK'));
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(3);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(17);
    expect(lookups.count).toBe(3);
  });

  it('charges a malformed header and refunds a right secret, so only failures spend the budget', async () => {
    const { authenticator } = await authenticatorWith({ concurrent: 4, queued: 4 });
    const { budget, ledger } = budgetOf(3);

    await expect(authenticator.authenticate('Basic !!!', budget)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await authenticator.authenticate(basic('client-1', SECRET), budget);

    expect(ledger).toEqual({ charged: 2, refunded: 1 });
  });

  it('charges a burst of right calls on a cold cache once: past the budget, none is refused', async () => {
    const { authenticator, lookups } = await authenticatorWith({ concurrent: 4, queued: 4 });
    const { budget, ledger } = budgetOf(3);

    const principals = await Promise.all(
      Array.from({ length: 50 }, () => authenticator.authenticate(basic('client-1', SECRET), budget)),
    );

    expect(principals.every((principal) => principal.tokenId === 'token-1')).toBe(true);
    expect(lookups.count).toBe(1);
    expect(ledger).toEqual({ charged: 1, refunded: 1 });
  });

  it('charges each call of a burst of one wrong pair, the ones that shared the check once it failed', async () => {
    const { authenticator, lookups } = await authenticatorWith({ concurrent: 4, queued: 4 });
    const { budget, ledger } = budgetOf(3);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => authenticator.authenticate(basic('client-1', 'wrong'), budget)),
    );

    const codes = outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason.code : 'OK'));
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(3);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(7);
    expect(lookups.count).toBe(1);
    expect(ledger).toEqual({ charged: 10, refunded: 0 });
  });

  it('runs at most AUTH_MAX_CONCURRENT_VERIFICATIONS checks, queues AUTH_MAX_QUEUED_VERIFICATIONS, refuses the rest with 503', async () => {
    const { authenticator, lookups } = await authenticatorWith({ concurrent: 2, queued: 3 });
    let open!: () => void;
    lookups.gate = new Promise((resolve) => (open = resolve));

    const attempts = Array.from({ length: 8 }, (_, index) =>
      authenticator
        .authenticate(basic(`client-${index + 10}`, 'wrong'))
        .catch((error: ApiException) => error.code),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(lookups.count).toBe(2);
    open();

    const codes = await Promise.all(attempts);
    expect(codes.filter((code) => code === 'SERVICE_UNAVAILABLE')).toHaveLength(3);
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(5);
  });

  it('drops every cached credential when the revocation subscription reconnects: a revocation missed meanwhile counts', async () => {
    const { authenticator, lookups, subscriber } = await authenticatorWith({ concurrent: 4, queued: 4 });
    await authenticator.authenticate(basic('client-1', SECRET));
    await authenticator.authenticate(basic('client-1', SECRET));
    expect(lookups.count).toBe(1);

    subscriber.emit('ready');
    await authenticator.authenticate(basic('client-1', SECRET));

    expect(lookups.count).toBe(2);
  });
});
