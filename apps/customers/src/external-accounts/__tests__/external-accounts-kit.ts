import { toApiId } from '@payments/contracts';
import { Customer } from '@customers/customers/customer.entity';
import { ExternalAccountRequest } from '@customers/external-accounts/dto/create-external-account.dto';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { accountOf, FixtureAccountType } from '@customers/external-accounts/__tests__/account-fixtures';
import { liveRowChanges } from '@customers/__tests__/memory-database-kit';
import { customerRow, tenantDatabase } from '@customers/__tests__/tenant-kit';

/**
 * An ExternalAccountsService on a MemoryDatabase, with a customer (the holder) named as the fixtures'
 * beneficiary, Jane Doe.
 */
export function externalAccountsService() {
  const database = tenantDatabase();
  const holder = customerRow({ fullName: 'Jane Doe' });
  database.seed(Customer, holder);
  const service = new ExternalAccountsService(database.dataSource, liveRowChanges());
  return { service, database, holder, holderId: toApiId('Customer', holder.id) };
}

/** The fixtures' valid body of `accountType`, with `fields` (customerId, defaultUmaDepositAccount…). */
export function accountRequest(
  accountType: FixtureAccountType,
  fields: Partial<ExternalAccountRequest> = {},
): ExternalAccountRequest {
  return { ...(accountOf(accountType) as ExternalAccountRequest), ...fields };
}
