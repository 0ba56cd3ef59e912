import { Type } from 'class-transformer';
import { IsFQDN, IsIn, IsInt, IsUrl, Matches, Max, Min } from 'class-validator';
import { CommonEnvironment, IsSealingKey } from '@payments/runtime';

export class CustomersEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  CUSTOMERS_PORT = 8081;

  /** Serves the public key of the webhook signing key pair, shown to platforms as `webhookPublicKey`. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  WEBHOOK_DISPATCHER_URL = 'http://127.0.0.1:8086';

  /**
   * Parent domain of the service's UMA proxy host: a new platform's `umaDomain` starts as a subdomain
   * of it, and a platform that brings its own domain forwards the UMA paths there.
   */
  @IsFQDN({ require_tld: false }, { message: 'UMA_PROXY_DOMAIN must be a domain name' })
  UMA_PROXY_DOMAIN = 'uma.local';

  /**
   * Production UMA domains taken as proven without their TXT record, comma-separated: `domain` or
   * `*.suffix` (docs/uma.md). Domains under UMA_PROXY_DOMAIN always are.
   */
  @Matches(/^$|^[^,\s]+(,[^,\s]+)*$/, { message: 'UMA_DOMAIN_ALLOWLIST must be domain,*.suffix,…' })
  UMA_DOMAIN_ALLOWLIST = '';

  /**
   * The DNS servers (`ip` or `ip:port`, comma-separated) asked for a domain's `_grid-uma-verify` TXT
   * record; empty: the system's resolvers.
   */
  @Matches(/^$|^[^,\s]+(,[^,\s]+)*$/, { message: 'UMA_DOMAIN_DNS_SERVERS must be ip[:port],…' })
  UMA_DOMAIN_DNS_SERVERS = '';

  /** Opens the incoming payments of UMA pay requests (POST /internal/uma-payments). */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  TRANSFERS_URL = 'http://127.0.0.1:8083';

  /**
   * Whether UMA peers and webhook endpoints may be on loopback and private networks (10/8, 172.16/12,
   * 192.168/16, fc00::/7) or local names (tests and local stacks, whose platforms pay each other
   * through their own gateway, over plain HTTP on loopback). Cloud metadata and the other
   * special-purpose ranges stay refused (docs/security.md).
   */
  @IsIn(['true', 'false'])
  EGRESS_ALLOW_PRIVATE_NETWORKS = 'false';

  /**
   * Where UMA domains are reached instead of their DNS name: `domain=host:port` (or `domain=http://…`,
   * an origin as it is) pairs separated by commas, `*.suffix` matching any subdomain; the Host header
   * still names the domain. Local stacks map `*.uma.local` (new platforms' domains) to their gateway.
   */
  @Matches(/^$|^[^=,\s]+=[^=,\s]+(,[^=,\s]+=[^=,\s]+)*$/, {
    message: 'UMA_DOMAIN_HOSTS must be domain=host:port,…',
  })
  UMA_DOMAIN_HOSTS = '';

  /**
   * 64 hex digits: the AES-256 key the platforms' private UMA keys are sealed with in the database.
   * Empty (local stacks, tests): they are stored as they are. Required in production (the app refuses
   * to start without it, and refuses a stored key that is not sealed); keys stored sealed cannot be
   * read without it.
   */
  @IsSealingKey()
  UMA_KEY_ENCRYPTION_KEY = '';

  /** How long one call to a UMA peer may take, connection to last byte. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(60_000)
  UMA_PEER_TIMEOUT_MS = 5000;

  /** The largest answer read from a UMA peer; a larger one is refused. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(1_048_576)
  UMA_PEER_MAX_BYTES = 65_536;

  /** The API's public base address, version segment included; link-provider callback URLs are built on it. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_BASE_URL = 'http://127.0.0.1:8080/2025-10-13';

  /** How long a bank-link token can be exchanged at its callback. */
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(86_400)
  LINK_TOKEN_TTL_SECONDS = 1800;

  /** How long a hosted KYC page link (GET /customers/kyc-link) can be opened and submitted. */
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(7 * 86_400)
  KYC_LINK_TTL_SECONDS = 1800;

  /** How long a linked bank account stays PENDING while the link provider's token is exchanged. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  LINKED_ACCOUNT_ACTIVATION_MS = 1000;

  /**
   * How long the outcome of a customer batch is kept (docs/operations.md#retention): a chunk the bulk
   * importer sends again within it gets the first answer and creates nothing twice, so it must outlast
   * the importer's longest outage.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(720)
  CUSTOMER_BATCH_RETENTION_HOURS = 24;
}
