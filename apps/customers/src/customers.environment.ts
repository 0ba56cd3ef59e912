import { Type } from 'class-transformer';
import { IsFQDN, IsInt, IsUrl, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

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
}
