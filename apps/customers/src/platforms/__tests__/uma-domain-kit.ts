import { ConfigService } from '@nestjs/config';
import { CustomersEnvironment } from '@customers/customers.environment';
import { UmaDomainDns } from '@customers/platforms/uma-domains/uma-domain-dns';
import { UmaDomainRules } from '@customers/platforms/uma-domains/uma-domain-rules';

/** UmaDomainRules of a deployment under `uma.local`, with `allowList` (UMA_DOMAIN_ALLOWLIST). */
export function umaDomainRules(allowList = ''): UmaDomainRules {
  const settings: Partial<CustomersEnvironment> = {
    UMA_PROXY_DOMAIN: 'uma.local',
    UMA_DOMAIN_ALLOWLIST: allowList,
  };
  return new UmaDomainRules({
    get: (key: keyof CustomersEnvironment) => settings[key],
  } as unknown as ConfigService<CustomersEnvironment, true>);
}

/** A DNS whose TXT records are `records` by name (none by default). */
export function fakeDns(records: Record<string, string[]> = {}): UmaDomainDns & { records: typeof records } {
  return { records, txtRecords: async (name: string) => records[name] ?? [] } as unknown as UmaDomainDns & {
    records: typeof records;
  };
}
