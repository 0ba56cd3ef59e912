import { Customer } from '@customers/customers/customer.entity';
import { CustomerBatchesService } from '@customers/customer-batches/customer-batches.service';
import { violatedUniqueConstraint } from '@customers/database-errors';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { accountOf } from '@customers/external-accounts/__tests__/account-fixtures';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { fakeDns, umaDomainRules } from '@customers/platforms/__tests__/uma-domain-kit';
import { WebhookEndpointPolicy } from '@customers/platforms/webhook-endpoint.policy';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';
import { liveRowChanges, MemoryDatabase } from '@customers/__tests__/memory-database-kit';
import { tenantDatabase } from '@customers/__tests__/tenant-kit';

/** The platformCustomerId the database refuses (a check constraint would): an entry it cannot store. */
export const POISON = 'poison';
const checkViolation = () => Object.assign(new Error('poison row'), { code: '23514' });

/** A row of customer_batches: a batch's outcome under its key. */
class StoredBatch {
  id: string;
  results: unknown[];
}

/** The customers' columns in the order of the batch INSERT's arrays ($4 on). */
const INSERTED_COLUMNS = [
  'id',
  'platformCustomerId',
  'customerType',
  'umaAddress',
  'kycStatus',
  'fullName',
  'birthDate',
  'nationality',
  'email',
  'phoneNumber',
  'address',
  'businessInfo',
  'beneficialOwners',
  'description',
];
const JSON_COLUMNS = ['address', 'businessInfo', 'beneficialOwners'];

/**
 * The batch INSERT of customers: the rows in platformCustomerId order, then the batch's, each
 * skipped when a unique index refuses it (ON CONFLICT DO NOTHING); answers the ids stored.
 */
function insertCustomers(database: MemoryDatabase) {
  return async (params: unknown[]) => {
    const [platformId, environment, now, ...columns] = params as [string, string, Date, ...unknown[][]];
    const rows = columns[0].map((_, position) => {
      const row: Record<string, unknown> = {
        platformId,
        environment,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
      INSERTED_COLUMNS.forEach((column, index) => {
        const value = columns[index][position];
        row[column] = JSON_COLUMNS.includes(column) && value !== null ? JSON.parse(value as string) : value;
      });
      return { row, position };
    });
    if (rows.some(({ row }) => row.platformCustomerId === POISON)) throw checkViolation();
    rows.sort(
      (left, right) =>
        String(left.row.platformCustomerId).localeCompare(String(right.row.platformCustomerId)) ||
        left.position - right.position,
    );
    const stored: { id: unknown }[] = [];
    for (const { row } of rows) {
      try {
        await database.manager.insert(Customer, row);
        stored.push({ id: row.id });
      } catch (error) {
        if (!violatedUniqueConstraint(error)) throw error;
      }
    }
    return stored;
  };
}

/** The SQL of CustomerBatchesService, answered by a MemoryDatabase. */
function answerBatchSql(database: MemoryDatabase): void {
  const keyOf = (params: unknown[]) => params.slice(0, 3).join(':');
  database.onQuery(/^\s*SELECT results FROM customer_batches/, (params) =>
    database.rows(StoredBatch).filter((batch) => batch.id === keyOf(params)),
  );
  database.onQuery(/^\s*INSERT INTO customer_batches/, async (params) => {
    await database.manager.insert(StoredBatch, {
      id: keyOf(params),
      results: JSON.parse(params[3] as string),
    });
    return [];
  });
  database.onQuery(/^\s*INSERT INTO customers/, insertCustomers(database));
  database.onQuery(/^\s*SELECT platform_customer_id FROM customers/, ([platformId, environment, ids]) =>
    database
      .rows(Customer)
      .filter(
        (customer) =>
          customer.platformId === platformId &&
          customer.environment === environment &&
          !customer.deletedAt &&
          (ids as string[]).includes(customer.platformCustomerId),
      )
      .map((customer) => ({ platform_customer_id: customer.platformCustomerId })),
  );
}

/** A CustomerBatchesService on a MemoryDatabase whose platforms support `currencyCodes`. */
export function customerBatchesService(currencyCodes: string[] = ['USD']) {
  const database = tenantDatabase(currencyCodes);
  answerBatchSql(database);
  const rowChanges = liveRowChanges();
  const outbox = database.outbox();
  const service = new CustomerBatchesService(
    database.dataSource,
    new PlatformConfigsService(
      database.dataSource,
      outbox,
      {} as WebhookSigningKeyClient,
      rowChanges,
      umaDomainRules(),
      fakeDns(),
      {} as WebhookEndpointPolicy,
    ),
    new ExternalAccountsService(database.dataSource, rowChanges),
    outbox,
  );
  return { service, database };
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
