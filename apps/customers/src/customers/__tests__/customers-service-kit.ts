import { uuidOf } from '@payments/contracts';
import { Repository } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { CustomerView } from '@customers/customers/customer.view';
import { CustomersService } from '@customers/customers/customers.service';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { fakeDns, umaDomainRules } from '@customers/platforms/__tests__/uma-domain-kit';
import { WebhookEndpointPolicy } from '@customers/platforms/webhook-endpoint.policy';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';
import { liveRowChanges, MemoryDatabase } from '@customers/__tests__/memory-database-kit';
import { tenantDatabase } from '@customers/__tests__/tenant-kit';

/** A CustomersService on a MemoryDatabase whose platforms support `currencyCodes`, its caches live. */
export function customersService(currencyCodes: string[] = ['USD'], dns = fakeDns()) {
  const database = tenantDatabase(currencyCodes);
  // Config changes record their audit change in their transaction; its content has its own spec.
  database.onQuery(/^\s*INSERT INTO audit_changes/, () => []);
  const rowChanges = liveRowChanges();
  const outbox = database.outbox();
  const configs = new PlatformConfigsService(
    database.dataSource,
    outbox,
    { keysOf: async () => ({ webhookPublicKey: 'PEM' }) } as unknown as WebhookSigningKeyClient,
    rowChanges,
    umaDomainRules(),
    dns,
    // Endpoints are judged by their own spec (webhook-endpoint.policy); any passes here.
    { check: () => undefined } as unknown as WebhookEndpointPolicy,
  );
  const repository = database.repository(Customer);
  const service = new CustomersService(
    database.dataSource,
    repository as unknown as Repository<Customer>,
    configs,
    outbox,
    rowChanges,
  );
  return { service, database, repository, configs };
}

/** The stored row of the customer a view shows. */
export function storedOf(database: MemoryDatabase, view: CustomerView): Customer | undefined {
  return database.rows(Customer).find((row) => row.id === uuidOf('Customer', view.id));
}

export const eventTypesOf = (database: MemoryDatabase) =>
  database.outboxEvents().map(({ event }) => event.type);
