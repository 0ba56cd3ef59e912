import { RowChanges } from '@payments/persistence';
import { eventually, MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { VALID_ACCOUNTS } from '@customers/external-accounts/__tests__/account-fixtures';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { ExternalAccountsStore } from '@customers/external-accounts/external-accounts.store';
import { PendingAccountWorker } from '@customers/external-accounts/pending-account.worker';

jest.setTimeout(30_000);

/** The address a customer stored through PATCH before the HTTP layer refused lone surrogates. */
const LONE_SURROGATE_ADDRESS =
  '{"line1": "\\ud800x", "city": "Seattle", "postalCode": "98101", "country": "US"}';

describe('PendingAccountWorker (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let activator: PendingAccountWorker;
  const platformId = randomUUID();

  beforeAll(async () => {
    database = await MigratedDatabase.create(CUSTOMERS_SCHEMA);
    dataSource = database.dataSource;
    await dataSource.query(`INSERT INTO platforms (id, name, slug) VALUES ($1, 'acme', 'acme')`, [
      platformId,
    ]);
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(() => {
    const rowChanges = { cacheOf: () => ({}) } as unknown as RowChanges;
    activator = new PendingAccountWorker(
      new ExternalAccountsService(dataSource, rowChanges, new ExternalAccountsStore()),
      dataSource,
    );
  });

  afterEach(() => activator.beforeApplicationShutdown());

  async function customerWith(addressJson: string): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO customers (id, platform_id, environment, platform_customer_id, customer_type, uma_address, kyc_status, full_name, address)
       VALUES ($1::uuid, $2, 'SANDBOX', $1::text, 'INDIVIDUAL', '$' || $1::text || '@acme', 'APPROVED', 'Jane Doe', $3::json)`,
      [id, platformId, addressJson],
    );
    return id;
  }

  /** A linked account as the Plaid exchange stores it: PENDING, due now, with the holder's address copied in. */
  async function pendingAccount(
    customerId: string,
    addressJson: string,
    platformAccountId = 'linked',
  ): Promise<string> {
    const id = randomUUID();
    const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', address: '__ADDRESS__' };
    const accountInfo = JSON.stringify({ ...VALID_ACCOUNTS.US_ACCOUNT.accountInfo, beneficiary }).replace(
      '"__ADDRESS__"',
      addressJson,
    );
    await dataSource.query(
      `INSERT INTO external_accounts (id, platform_id, environment, customer_id, currency, account_info, status,
         platform_account_id, beneficiary_verification_status, activate_at)
       VALUES ($1, $2, 'SANDBOX', $3, 'USD', $4::json, 'PENDING', $5, 'PENDING', now())`,
      [id, platformId, customerId, accountInfo, platformAccountId],
    );
    return id;
  }

  const statusOf = async (id: string) =>
    (
      await dataSource.query(
        `SELECT status, failed_attempts, park_reason, parked_at FROM external_accounts WHERE id = $1`,
        [id],
      )
    )[0];

  const parkedCount = async () =>
    (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
      (value) => value.labels.worker === 'pending-account-activator',
    )?.value ?? 0;

  it('activates an account holding a lone surrogate, and its customer can still be changed and deleted', async () => {
    const customerId = await customerWith(LONE_SURROGATE_ADDRESS);
    const accountId = await pendingAccount(customerId, LONE_SURROGATE_ADDRESS);

    activator.onApplicationBootstrap();
    await eventually(async () => (await statusOf(accountId)).status === 'ACTIVE' || undefined);

    await dataSource.query(`UPDATE customers SET full_name = 'Jane Roe' WHERE id = $1`, [customerId]);
    await dataSource.query(`UPDATE customers SET deleted_at = now() WHERE id = $1`, [customerId]);
    await dataSource.query(`DELETE FROM external_accounts WHERE id = $1`, [accountId]);
  });

  it('parks an account it cannot write after five failures, with the reason, and activates the others', async () => {
    const address = '{"line1": "1 Main Street", "city": "Seattle", "postalCode": "98101", "country": "US"}';
    const customerId = await customerWith(address);
    // Stands for an account the activation cannot write: a data exception (SQLSTATE class 22) on this row only.
    await dataSource.query(`
      CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.platform_account_id = 'poison' AND NEW.status = 'ACTIVE' THEN RAISE EXCEPTION 'cannot store this account' USING ERRCODE = '22023'; END IF;
        RETURN NEW;
      END $$`);
    await dataSource.query(
      `CREATE TRIGGER refuse_poison BEFORE UPDATE ON external_accounts FOR EACH ROW EXECUTE FUNCTION refuse_poison()`,
    );
    const before = await parkedCount();
    const poison = await pendingAccount(customerId, address, 'poison');
    const others = [await pendingAccount(customerId, address), await pendingAccount(customerId, address)];

    activator.onApplicationBootstrap();
    await eventually(async () => (await statusOf(poison)).parked_at !== null || undefined);

    expect(await statusOf(poison)).toMatchObject({
      status: 'PENDING',
      failed_attempts: 5,
      park_reason: '22023: cannot store this account',
    });
    for (const id of others) expect((await statusOf(id)).status).toBe('ACTIVE');
    expect(await parkedCount()).toBe(before + 1);

    // Parked, it is no longer taken: its count stays where it stopped.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await statusOf(poison)).failed_attempts).toBe(5);
    await dataSource.query(`DROP TRIGGER refuse_poison ON external_accounts`);
  });
});
