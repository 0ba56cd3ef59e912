import { uuidOf } from '@payments/contracts';
import { Customer } from '@customers/customers/customer.entity';
import { CustomerView } from '@customers/customers/customer.view';
import { CustomersService } from '@customers/customers/customers.service';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { fakeDns, umaDomainRules } from '@customers/platforms/__tests__/uma-domain-kit';
import { WebhookEndpointPolicy } from '@customers/platforms/webhook-endpoint.policy';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';
import { liveRowChanges, TenantDatabase, tenantDatabase } from '@customers/__tests__/tenant-database';

/** A CustomersService on the spec's database, emptied, whose platforms support `currencyCodes`, its caches live. */
export async function customersService(currencyCodes: string[] = ['USD'], dns = fakeDns()) {
  const database = await tenantDatabase(currencyCodes);
  const rowChanges = liveRowChanges();
  const configs = new PlatformConfigsService(
    database.dataSource,
    database.outbox,
    { keysOf: async () => ({ webhookPublicKey: 'PEM' }) } as unknown as WebhookSigningKeyClient,
    rowChanges,
    umaDomainRules(),
    dns,
    // Endpoints are judged by their own spec (webhook-endpoint.policy); any passes here.
    { check: () => undefined } as unknown as WebhookEndpointPolicy,
  );
  const repository = database.dataSource.getRepository(Customer);
  const service = new CustomersService(database.dataSource, repository, configs, database.outbox, rowChanges);
  return { service, database, repository, configs };
}

/** The stored row of the customer a view shows. */
export async function storedOf(database: TenantDatabase, view: CustomerView): Promise<Customer | null> {
  return database.manager.findOneBy(Customer, { id: uuidOf('Customer', view.id)! });
}

export const eventTypesOf = async (database: TenantDatabase) =>
  (await database.outboxEvents()).map(({ event }) => event.type);
