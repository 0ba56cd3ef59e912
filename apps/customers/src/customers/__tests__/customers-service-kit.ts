import { uuidOf } from '@payments/contracts';
import { Repository } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { CustomerView } from '@customers/customers/customer.view';
import { CustomersService } from '@customers/customers/customers.service';
import {
  CreateBusinessCustomerDto,
  CreateIndividualCustomerDto,
} from '@customers/customers/dto/create-customer.dto';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';
import { liveRowChanges, MemoryDatabase } from '@customers/__tests__/memory-database-kit';
import { tenantDatabase } from '@customers/__tests__/tenant-kit';

/** A CustomersService on a MemoryDatabase whose platforms support `currencyCodes`, its caches live. */
export function customersService(currencyCodes: string[] = ['USD']) {
  const database = tenantDatabase(currencyCodes);
  const rowChanges = liveRowChanges();
  const outbox = database.outbox();
  const configs = new PlatformConfigsService(
    database.dataSource,
    outbox,
    {} as WebhookSigningKeyClient,
    rowChanges,
  );
  const repository = database.repository(Customer);
  const service = new CustomersService(
    database.dataSource,
    repository as unknown as Repository<Customer>,
    configs,
    outbox,
    rowChanges,
  );
  return { service, database, repository };
}

/** An individual with what USD requires (a name and a birth date), and `fields`. */
export function individual(
  platformCustomerId: string,
  fields: Partial<CreateIndividualCustomerDto> = {},
): CreateIndividualCustomerDto {
  return {
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    fullName: 'Jane Doe',
    birthDate: '1990-01-15',
    ...fields,
  };
}

export function business(
  platformCustomerId: string,
  fields: Partial<CreateBusinessCustomerDto> = {},
): CreateBusinessCustomerDto {
  return {
    platformCustomerId,
    customerType: 'BUSINESS',
    businessInfo: { legalName: 'Acme Corporation', taxId: 'EIN-1' },
    ...fields,
  };
}

/** The stored row of the customer a view shows. */
export function storedOf(database: MemoryDatabase, view: CustomerView): Customer | undefined {
  return database.rows(Customer).find((row) => row.id === uuidOf('Customer', view.id));
}

export const eventTypesOf = (database: MemoryDatabase) =>
  database.outboxEvents().map(({ event }) => event.type);
