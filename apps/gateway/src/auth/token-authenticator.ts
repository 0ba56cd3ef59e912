import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { ApiException } from '@payments/http';
import { REDIS } from '@payments/runtime';
import { createHash, timingSafeEqual } from 'node:crypto';
import Redis from 'ioredis';
import { IsNull, Repository } from 'typeorm';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { Principal } from '@gateway/auth/principal';
import { verifySecret } from '@gateway/auth/secret-hasher';
import { SecretVerificationLimiter } from '@gateway/auth/secret-verification-limiter';
import { GatewayEnvironment } from '@gateway/gateway.environment';

/** Redis channel on which every gateway replica hears of a deleted token and forgets it at once. */
const REVOCATIONS_CHANNEL = 'gateway:token-revocations';

/**
 * What a caller of authenticate() does around a check of a secret against its hash (a cache miss):
 * the failed-authentication budget of the client's address is charged before the check, so that a
 * concurrent burst of wrong secrets cannot all be checked before the budget trips, and refunded once
 * the secret matched.
 */
export interface VerificationBudget {
  /** Charges one failure before the secret is checked; throws to refuse the check. */
  charge(): Promise<void>;
  /** Gives the charge back: the secret was right. */
  refund(): Promise<void>;
}

interface VerifiedCredential {
  principal: Principal;
  /** SHA-256 of the secret, kept only in memory so a repeat call skips the slow scrypt check. */
  secretDigest: Buffer;
  expiresAt: number;
}

/**
 * Verifies HTTP Basic credentials. Secrets are stored as scrypt hashes, which are deliberately slow,
 * so a verified pair is remembered briefly in memory; deleting a token evicts it on every replica.
 */
@Injectable()
export class TokenAuthenticator implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(TokenAuthenticator.name);
  private readonly verified = new Map<string, VerifiedCredential>();
  private readonly pending = new Map<string, Promise<Principal | undefined>>();
  /** When each token was last revoked, so a verification racing the deletion is not cached. */
  private readonly revokedAt = new Map<string, number>();
  /** When the whole cache was last dropped, so a verification racing the drop is not cached. */
  private cacheDroppedAt = 0;
  private readonly cacheTtlMs: number;
  private subscriber?: Redis;

  constructor(
    @InjectRepository(ApiToken) private readonly tokens: Repository<ApiToken>,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly limiter: SecretVerificationLimiter,
    config: ConfigService<GatewayEnvironment, true>,
  ) {
    this.cacheTtlMs = config.get('AUTH_CACHE_TTL_MS', { infer: true });
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel, clientId: string) => this.forget(clientId));
    this.subscriber.on('error', (error) => this.logger.warn({ err: error }, 'revocation subscriber error'));
    // ioredis subscribes again on reconnecting, but what was published meanwhile is lost: any cached
    // pair may have been revoked while this replica was not listening.
    this.subscriber.on('ready', () => this.dropCache());
    await this.subscriber.subscribe(REVOCATIONS_CHANNEL);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  /**
   * The principal of a Basic header. The budget is charged for a malformed header and for every pair
   * checked against its hash, not for one verified a moment ago: only new or wrong pairs pay.
   */
  async authenticate(authorization: string | undefined, budget?: VerificationBudget): Promise<Principal> {
    const credentials = parseBasic(authorization);
    if (!credentials) {
      await budget?.charge();
      throw missingCredentials();
    }
    const secretDigest = createHash('sha256').update(credentials.secret).digest();
    const cached = this.verified.get(credentials.clientId);
    if (cached && cached.expiresAt > Date.now() && timingSafeEqual(cached.secretDigest, secretDigest)) {
      return cached.principal;
    }
    // Concurrent first calls with the same pair share one scrypt verification.
    const pendingKey = `${credentials.clientId}:${secretDigest.toString('hex')}`;
    let verification = this.pending.get(pendingKey);
    const sharesCheck = verification !== undefined;
    if (!verification) {
      verification = this.chargedVerification(
        credentials.clientId,
        credentials.secret,
        secretDigest,
        budget,
      ).finally(() => this.pending.delete(pendingKey));
      this.pending.set(pendingKey, verification);
    }
    const principal = await verification;
    if (!principal) {
      // A call that shared another's check of a wrong pair is a failure of its own all the same.
      if (sharesCheck) await budget?.charge();
      throw new ApiException(
        'UNAUTHORIZED',
        'Unknown client id or wrong secret: check both, and that the token was not deleted',
      );
    }
    return principal;
  }

  /**
   * One check of a pair against its hash, charged before it runs to the budget of the call that
   * started it. The calls that share it are charged only once it has failed: charged up front, a
   * client's burst of right calls on a cold cache (a replica just started) was refused past the
   * budget, and the refused charges, never refunded, locked its address out for the window.
   */
  private async chargedVerification(
    clientId: string,
    secret: string,
    secretDigest: Buffer,
    budget: VerificationBudget | undefined,
  ): Promise<Principal | undefined> {
    await budget?.charge();
    const principal = await this.limiter.run(() => this.verify(clientId, secret, secretDigest));
    if (principal) await budget?.refund();
    return principal;
  }

  /** Forgets a token on this replica and tells the others to do the same. */
  async revoke(clientId: string): Promise<void> {
    this.forget(clientId);
    await this.redis.publish(REVOCATIONS_CHANNEL, clientId);
  }

  private dropCache(): void {
    if (this.verified.size > 0)
      this.logger.warn('revocation subscription (re)connected: dropping every cached credential');
    this.verified.clear();
    this.cacheDroppedAt = Date.now();
  }

  private forget(clientId: string): void {
    this.verified.delete(clientId);
    this.revokedAt.set(clientId, Date.now());
  }

  private async verify(
    clientId: string,
    secret: string,
    secretDigest: Buffer,
  ): Promise<Principal | undefined> {
    const startedAt = Date.now();
    const token = await this.tokens.findOneBy({ clientId, deletedAt: IsNull() });
    if (!token || !(await verifySecret(secret, token.secretHash))) return undefined;
    const principal: Principal = {
      tokenId: token.id,
      tokenName: token.name,
      clientId,
      platformId: token.platformId,
      environment: token.environment,
      permissions: token.permissions,
    };
    if ((this.revokedAt.get(clientId) ?? 0) < startedAt && this.cacheDroppedAt < startedAt) {
      this.verified.set(clientId, { principal, secretDigest, expiresAt: Date.now() + this.cacheTtlMs });
    }
    return principal;
  }
}

/** Client ids and secrets are printable ASCII (newClientCredentials); anything else cannot match. */
const CREDENTIAL_PART = /^[\x21-\x7e]{1,256}$/;

/** The refusal of a request without usable credentials, saying how to send them. */
export function missingCredentials(): ApiException {
  return new ApiException(
    'UNAUTHORIZED',
    'Missing or malformed credentials: send the header Authorization: Basic base64(clientId:secret)',
  );
}

/**
 * The client id and secret of a Basic header (the scheme is case-insensitive, RFC 9110), or
 * undefined for anything that cannot be a pair of ours, so that it is refused with 401 before any
 * lookup rather than reaching the database with bytes it cannot compare.
 */
export function parseBasic(
  authorization: string | undefined,
): { clientId: string; secret: string } | undefined {
  const match = /^basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  const clientId = decoded.slice(0, separator);
  const secret = decoded.slice(separator + 1);
  if (separator === -1 || !CREDENTIAL_PART.test(clientId) || !CREDENTIAL_PART.test(secret)) return undefined;
  return { clientId, secret };
}
