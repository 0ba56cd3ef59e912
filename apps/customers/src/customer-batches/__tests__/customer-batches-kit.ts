import { DataSource } from 'typeorm';
import { CustomerBatchesService } from '@customers/customer-batches/customer-batches.service';
import { CustomerBatchesStore } from '@customers/customer-batches/customer-batches.store';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { ExternalAccountsStore } from '@customers/external-accounts/external-accounts.store';
import { accountOf } from '@customers/external-accounts/__tests__/account-fixtures';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { fakeDns, umaDomainRules } from '@customers/platforms/__tests__/uma-domain-kit';
import { WebhookEndpointPolicy } from '@customers/platforms/webhook-endpoint.policy';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';
import { liveRowChanges, tenantDatabase } from '@customers/__tests__/tenant-database';

/** The platformCustomerId the database refuses, planted with a trigger: an entry it cannot store. */
export const POISON = 'poison';

/** A check of the customers table (as a trigger) that refuses the POISON row, as a row Postgres cannot store. */
export async function refusePoison(dataSource: DataSource): Promise<void> {
  await dataSource.query(`
    CREATE OR REPLACE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.platform_customer_id = '${POISON}' THEN RAISE EXCEPTION 'poison row' USING ERRCODE = '23514'; END IF;
      RETURN NEW;
    END $$`);
  await dataSource.query(
    `CREATE OR REPLACE TRIGGER refuse_poison BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION refuse_poison()`,
  );
}

/** A CustomerBatchesService on the spec's database, emptied, whose platforms support `currencyCodes`. */
export async function customerBatchesService(currencyCodes: string[] = ['USD']) {
  const database = await tenantDatabase(currencyCodes);
  await refusePoison(database.dataSource);
  const rowChanges = liveRowChanges();
  const store = new CustomerBatchesStore();
  const service = new CustomerBatchesService(
    database.dataSource,
    new PlatformConfigsService(
      database.dataSource,
      database.outbox,
      {} as WebhookSigningKeyClient,
      rowChanges,
      umaDomainRules(),
      fakeDns(),
      {} as WebhookEndpointPolicy,
    ),
    new ExternalAccountsService(database.dataSource, rowChanges, new ExternalAccountsStore()),
    database.outbox,
    store,
  );
  return { service, database, store };
}

/** An entry of an individual with what USD requires, and `fields`. */
export function entry(platformCustomerId: string, fields: object = {}, externalAccount?: object) {
  return {
    customer: {
      customerType: 'INDIVIDUAL',
      platformCustomerId,
      fullName: 'Jane Doe',
      birthDate: '1990-01-15',
      ...fields,
    },
    ...(externalAccount ? { externalAccount } : {}),
  };
}

export const US_ACCOUNT = accountOf('US_ACCOUNT');
