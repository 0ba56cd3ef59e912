import { TestDatabase } from '@payments/testing';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source-options';
import { BILLING_SCHEMA } from './billing-schema';

jest.setTimeout(30_000);

describe('dataSourceOptions', () => {
  let database: TestDatabase;
  let dataSource: DataSource | undefined;

  beforeAll(async () => {
    database = await TestDatabase.create();
  });

  afterEach(async () => {
    await dataSource?.destroy();
    dataSource = undefined;
  });

  afterAll(async () => {
    await database?.drop();
  });

  const planCacheMode = async (genericPlans?: boolean) => {
    dataSource = await new DataSource(
      dataSourceOptions(database.url, { ...BILLING_SCHEMA, preparedStatements: true, genericPlans }),
    ).initialize();
    const [{ plan_cache_mode }] = await dataSource.query('SHOW plan_cache_mode');
    return plan_cache_mode;
  };

  it('leaves Postgres to choose between custom and generic plans by default', async () => {
    expect(await planCacheMode()).toBe('auto');
  });

  it('keeps the generic plan of prepared statements for a schema that asks for it', async () => {
    expect(await planCacheMode(true)).toBe('force_generic_plan');
  });

  it('still confines the connection to its schema', async () => {
    await planCacheMode(true);
    const [{ search_path }] = await dataSource!.query('SHOW search_path');
    expect(search_path).toBe('billing');
  });
});
