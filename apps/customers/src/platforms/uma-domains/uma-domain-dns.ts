import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Resolver } from 'node:dns/promises';
import { CustomersEnvironment } from '@customers/customers.environment';

/** How long one TXT lookup may take before the domain counts as unproven. */
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Reads the TXT records that prove UMA domains, from UMA_DOMAIN_DNS_SERVERS when set (the system's
 * resolvers otherwise). A name without records, or that cannot be resolved, has none.
 */
@Injectable()
export class UmaDomainDns {
  private readonly resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });

  constructor(config: ConfigService<CustomersEnvironment, true>) {
    const servers = config.get('UMA_DOMAIN_DNS_SERVERS', { infer: true }).split(',').filter(Boolean);
    if (servers.length > 0) this.resolver.setServers(servers);
  }

  /** Each TXT record of `name`, its strings joined as RFC 7208 reads them. */
  async txtRecords(name: string): Promise<string[]> {
    try {
      return (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch {
      return [];
    }
  }
}
