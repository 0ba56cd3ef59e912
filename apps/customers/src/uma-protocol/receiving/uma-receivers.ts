import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { DataSource, IsNull } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { UmaDomainRules } from '@customers/platforms/uma-domains/uma-domain-rules';

/** A customer that receives UMA payments, and its platform's configuration of the domain asked. */
export interface UmaReceiver {
  config: PlatformConfig;
  customer: Customer;
  /** `$user@umaDomain`, as the customer's address reads. */
  address: string;
}

/**
 * Who a request to the UMA endpoints is for: the platform configuration whose umaDomain is the Host
 * (one platform in one environment), and the live customer of that configuration with the address.
 */
@Injectable()
export class UmaReceivers {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly domains: UmaDomainRules,
  ) {}

  /** 422 UMA_DOMAIN_NOT_VERIFIED for a production domain its platform has not proven (docs/uma.md). */
  async configOf(host: string | undefined): Promise<PlatformConfig> {
    const config = host
      ? await this.dataSource.manager.findOneBy(PlatformConfig, { umaDomain: host.toLowerCase() })
      : null;
    if (!config)
      throw new ApiException(
        'NOT_FOUND',
        `No platform receives UMA payments at ${host}: check the domain of the receiver's UMA address`,
      );
    this.domains.assertUsable(config);
    return config;
  }

  async receiver(host: string | undefined, user: string): Promise<UmaReceiver> {
    const config = await this.configOf(host);
    const address = `$${user.replace(/^\$/, '')}@${config.umaDomain}`.toLowerCase();
    const customer = await this.dataSource.manager.findOneBy(Customer, {
      platformId: config.platformId,
      environment: config.environment,
      umaAddress: address,
      deletedAt: IsNull(),
    });
    if (!customer)
      throw new ApiException(
        'USER_NOT_FOUND',
        `No customer has the UMA address ${address}: check its user part and domain`,
      );
    return { config, customer, address };
  }

  /**
   * 403 unless `senderDomain` may send this platform configuration pay requests over HTTP. A platform
   * of this deployment pays customers of this deployment from the inside (UmaSender), so a pay request
   * in its domain's name comes from whatever server that domain points at, not from it. No settlement
   * layer joins this deployment to other UMA providers, so an accepted pay request credits the
   * receiver with money nothing brought in: production takes none from outside; sandbox takes every
   * other sender (docs/uma.md).
   */
  async refuseSenderOfThisDeployment(receiving: PlatformConfig, senderDomain: string): Promise<void> {
    if (receiving.environment === Environment.Production) {
      throw new ApiException(
        'FORBIDDEN',
        `${senderDomain} is not a platform of this deployment, whose production customers are paid only from inside it: no pay request from outside is taken for them`,
      );
    }
    const sending = await this.dataSource.manager.findOneBy(PlatformConfig, { umaDomain: senderDomain });
    if (sending) {
      throw new ApiException(
        'FORBIDDEN',
        `${senderDomain} is a platform of this deployment, whose pay requests are made inside it: that platform pays through this deployment's API (a quote to the address), not over HTTP`,
      );
    }
  }
}
