import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, IsUrl, Max, Min } from 'class-validator';
import { availableParallelism } from 'node:os';
import { CommonEnvironment } from '@payments/runtime';

const internalUrl = { require_tld: false, protocols: ['http', 'https'] };

export class GatewayEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  GATEWAY_PORT = 8080;

  @IsUrl(internalUrl) CUSTOMERS_URL = 'http://127.0.0.1:8081';
  @IsUrl(internalUrl) QUOTING_URL = 'http://127.0.0.1:8082';
  @IsUrl(internalUrl) TRANSFERS_URL = 'http://127.0.0.1:8083';
  @IsUrl(internalUrl) LEDGER_URL = 'http://127.0.0.1:8084';
  @IsUrl(internalUrl) BULK_IMPORT_URL = 'http://127.0.0.1:8085';
  @IsUrl(internalUrl) WEBHOOK_DISPATCHER_URL = 'http://127.0.0.1:8086';

  /** How long a verified client id and secret pair is trusted without hashing the secret again. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  AUTH_CACHE_TTL_MS = 60_000;

  /**
   * Secret checks (scrypt) one replica runs at once; a burst of new or wrong credentials waits
   * beyond this instead of starving cached requests of CPU. Default: four per core.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_024)
  AUTH_MAX_CONCURRENT_VERIFICATIONS = 4 * availableParallelism();

  /** Secret checks that may wait for one of the running ones; past this they get 503 with Retry-After. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  AUTH_MAX_QUEUED_VERIFICATIONS = 256;

  /** How long an upstream app may take to answer before the gateway gives up with 503. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(120_000)
  UPSTREAM_TIMEOUT_MS = 15_000;

  /** How long a streamed upload (a bulk CSV) may take, from its first byte to the app's answer. */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  UPSTREAM_UPLOAD_TIMEOUT_MS = 600_000;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(720)
  IDEMPOTENCY_TTL_HOURS = 24;

  /** Requests each API token may make in a window of RATE_LIMIT_WINDOW_MS, across every replica. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_TOKEN = 6_000;

  /** Failed authentications each client address may make in a window before it is refused outright. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS = 20;

  /**
   * Requests each client address may make in a window to the endpoints without credentials (the UMA
   * protocol's, the hosted KYC pages): each UMA lookup or pay request costs signature checks and a
   * fetch of the sender's keys. This deployment's own platforms paying each other share the
   * address of its egress.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PUBLIC_PER_ADDRESS = 6_000;

  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(86_400_000)
  RATE_LIMIT_WINDOW_MS = 60_000;

  /**
   * Proxies in front of the gateway that append to X-Forwarded-For (1 behind the Kubernetes
   * ingress); the failed-authentication budget is counted on the address the farthest one saw.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  TRUSTED_PROXY_HOPS = 0;

  /** Where the budgets are counted in Redis; replicas that share a budget share the prefix. */
  @IsString()
  @IsNotEmpty()
  RATE_LIMIT_REDIS_PREFIX = 'gateway:rate-limit:';
}
