import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiProperty } from '@nestjs/swagger';
import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { CustomersEnvironment } from '@customers/customers.environment';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';

export const UMA_DOMAIN_STATUSES = ['VERIFIED', 'PENDING'] as const;
export type UmaDomainStatus = (typeof UMA_DOMAIN_STATUSES)[number];

/** Where and what the platform publishes to prove its umaDomain, and whether it has. */
export class UmaDomainVerificationView {
  @ApiProperty({ example: '_grid-uma-verify.pay.acme.com', description: 'The name of the TXT record' })
  recordName: string;
  @ApiProperty({ example: 'grid-uma-verify=0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51' }) token: string;
  @ApiProperty({
    enum: UMA_DOMAIN_STATUSES,
    description: 'PENDING: production UMA requests on the domain are refused until it is verified',
  })
  status: UmaDomainStatus;
}

/** The DNS name under a domain whose TXT record proves it. */
export const VERIFICATION_RECORD_PREFIX = '_grid-uma-verify';

/**
 * Which UMA domains a platform may set and use (docs/uma.md). Sandbox domains stay under the
 * deployment's own UMA_PROXY_DOMAIN, so no sandbox account names anyone's real domain. A production
 * domain is used once proven: under UMA_PROXY_DOMAIN (the deployment's own), listed in
 * UMA_DOMAIN_ALLOWLIST by the operator, or verified by its TXT record since it was set.
 */
@Injectable()
export class UmaDomainRules {
  private readonly ownSuffix: string;
  private readonly allowed: string[];

  constructor(config: ConfigService<CustomersEnvironment, true>) {
    this.ownSuffix = `.${config.get('UMA_PROXY_DOMAIN', { infer: true }).toLowerCase()}`;
    this.allowed = config
      .get('UMA_DOMAIN_ALLOWLIST', { infer: true })
      .toLowerCase()
      .split(',')
      .filter(Boolean);
  }

  /** 400 INVALID_INPUT for a sandbox domain outside the deployment's own suffix. */
  assertSettable(environment: Environment, umaDomain: string): void {
    if (environment === Environment.Sandbox && !this.isOwn(umaDomain)) {
      throw ApiException.invalidInput([
        { field: 'umaDomain', message: `a sandbox umaDomain must end in ${this.ownSuffix}` },
      ]);
    }
  }

  /** Whether the config's domain may sign and answer UMA requests. */
  isVerified(config: PlatformConfig): boolean {
    return (
      config.environment === Environment.Sandbox ||
      this.isOwn(config.umaDomain) ||
      this.isAllowListed(config.umaDomain) ||
      config.umaDomainVerifiedAt !== null
    );
  }

  /** 422 UMA_DOMAIN_NOT_VERIFIED unless the config's domain is proven. */
  assertUsable(config: PlatformConfig): void {
    if (!this.isVerified(config)) {
      throw new ApiException(
        'UMA_DOMAIN_NOT_VERIFIED',
        `The UMA domain ${config.umaDomain} is not verified: publish the TXT record GET /config names and POST /config/uma-domain/verify`,
      );
    }
  }

  verificationOf(config: PlatformConfig): UmaDomainVerificationView {
    return {
      recordName: `${VERIFICATION_RECORD_PREFIX}.${hostOf(config.umaDomain)}`,
      token: config.umaDomainToken,
      status: this.isVerified(config) ? 'VERIFIED' : 'PENDING',
    };
  }

  private isOwn(umaDomain: string): boolean {
    return hostOf(umaDomain).endsWith(this.ownSuffix);
  }

  private isAllowListed(umaDomain: string): boolean {
    const host = hostOf(umaDomain);
    return this.allowed.some((entry) =>
      entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry,
    );
  }
}

/** A domain without its port (a UMA domain may name one): DNS records are per host. */
export function hostOf(umaDomain: string): string {
  return umaDomain.toLowerCase().replace(/:\d+$/, '');
}
