import { Environment, toApiId } from '@payments/contracts';
import { Outbox, RowChanges } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { CustomerBatchesService } from '@customers/customer-batches/customer-batches.service';
import { CustomerBatchesStore } from '@customers/customer-batches/customer-batches.store';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { ExternalAccountsStore } from '@customers/external-accounts/external-accounts.store';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { POISON, refusePoison } from '@customers/customer-batches/__tests__/customer-batches-kit';

jest.setTimeout(30_000);

const entry = (platformCustomerId: string) => ({
  customer: { customerType: 'INDIVIDUAL', platformCustomerId, fullName: 'Jane Doe' },
});

const parkedCount = async (reason: string) =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'customer-batch' && value.labels.reason === reason,
  )?.value ?? 0;

describe('CustomerBatchesService (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let service: CustomerBatchesService;
  const outbox = { add: jest.fn() };
  const platformId = randomUUID();
  const caller = { platformId: toApiId('Platform', platformId), environment: Environment.Sandbox };

  beforeAll(async () => {
    database = await MigratedDatabase.create(CUSTOMERS_SCHEMA);
    dataSource = database.dataSource;
    await dataSource.query(`INSERT INTO platforms (id, name, slug) VALUES ($1, 'acme', 'acme')`, [
      platformId,
    ]);
    await refusePoison(dataSource);
    const configs = {
      holdForCustomerChange: async () => ({ umaDomain: 'acme.test', supportedCurrencies: [] }),
    };
    const rowChanges = { cacheOf: () => ({}) } as unknown as RowChanges;
    service = new CustomerBatchesService(
      dataSource,
      configs as unknown as PlatformConfigsService,
      new ExternalAccountsService(dataSource, rowChanges, new ExternalAccountsStore()),
      outbox as unknown as Outbox,
      new CustomerBatchesStore(),
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('fails only the entry the database refuses, and creates the others', async () => {
    const before = await parkedCount('23514');

    const { results } = await service.create(caller, {
      batchKey: 'batch-1',
      entries: [entry('c1'), entry('c2'), entry(POISON), entry('c3'), entry('c1')],
    });

    expect(results).toEqual([
      { customerId: expect.stringMatching(/^Customer:/) },
      { customerId: expect.stringMatching(/^Customer:/) },
      {
        error: {
          code: 'ENTRY_NOT_STORED',
          message: 'This entry could not be stored',
          details: { reason: '23514' },
        },
      },
      { customerId: expect.stringMatching(/^Customer:/) },
      { error: expect.objectContaining({ code: 'CONFLICT' }) },
    ]);
    const stored = await dataSource.query(
      `SELECT platform_customer_id FROM customers WHERE platform_id = $1 ORDER BY 1`,
      [platformId],
    );
    expect(stored).toEqual([
      { platform_customer_id: 'c1' },
      { platform_customer_id: 'c2' },
      { platform_customer_id: 'c3' },
    ]);
    expect(outbox.add.mock.calls[0][2]).toHaveLength(3);
    expect(await parkedCount('23514')).toBe(before + 1);
    expect((await service.create(caller, { batchKey: 'batch-1', entries: [] })).results).toEqual(results);
  });

  it('gives a UMA address two entries share to the earlier one, whatever their platformCustomerIds', async () => {
    const address = `$shared-${randomUUID().slice(0, 8)}@acme.test`;
    const sharing = (platformCustomerId: string) => ({
      customer: { ...entry(platformCustomerId).customer, umaAddress: address },
    });

    const { results } = await service.create(caller, {
      batchKey: 'batch-2',
      entries: [sharing('zed'), sharing('abe')],
    });

    expect(results).toEqual([
      { customerId: expect.stringMatching(/^Customer:/) },
      { error: expect.objectContaining({ code: 'UMA_ADDRESS_EXISTS' }) },
    ]);
    const [holder] = await dataSource.query(
      `SELECT platform_customer_id FROM customers WHERE uma_address = $1`,
      [address],
    );
    expect(holder).toEqual({ platform_customer_id: 'zed' });
  });
});
