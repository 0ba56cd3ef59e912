import { toApiId } from '@payments/contracts';
import { Customer } from '@customers/customers/customer.entity';
import { ExternalAccountRequest } from '@customers/external-accounts/dto/create-external-account.dto';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { ExternalAccountsStore } from '@customers/external-accounts/external-accounts.store';
import { accountOf, FixtureAccountType } from '@customers/external-accounts/__tests__/account-fixtures';
import { liveRowChanges, tenantDatabase } from '@customers/__tests__/tenant-database';
import { customerRow } from '@customers/__tests__/tenant-kit';

/**
 * An ExternalAccountsService on the spec's database, emptied, with a customer (the holder) named as
 * the fixtures' beneficiary, Jane Doe.
 */
export async function externalAccountsService() {
  const database = await tenantDatabase();
  const holder = customerRow({ fullName: 'Jane Doe' });
  await database.seed(Customer, holder);
  const service = new ExternalAccountsService(
    database.dataSource,
    liveRowChanges(),
    new ExternalAccountsStore(),
  );
  return { service, database, holder, holderId: toApiId('Customer', holder.id) };
}

/** The fixtures' valid body of `accountType`, with `fields` (customerId, defaultUmaDepositAccount…). */
export function accountRequest(
  accountType: FixtureAccountType,
  fields: Partial<ExternalAccountRequest> = {},
): ExternalAccountRequest {
  return { ...(accountOf(accountType) as ExternalAccountRequest), ...fields };
}
