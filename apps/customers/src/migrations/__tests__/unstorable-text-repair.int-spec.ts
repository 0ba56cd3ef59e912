import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { UnstorableTextRepair1764400000000 } from '@customers/migrations/1764400000000-unstorable-text-repair';

jest.setTimeout(30_000);

describe('UnstorableTextRepair (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await MigratedDatabase.create(CUSTOMERS_SCHEMA);
    dataSource = database.dataSource;
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('replaces the lone surrogates and NULs stored in json with U+FFFD, so that the rows read as jsonb', async () => {
    const platformId = randomUUID();
    const customerId = randomUUID();
    await dataSource.query(`INSERT INTO platforms (id, name, slug) VALUES ($1, 'acme', 'acme')`, [
      platformId,
    ]);
    await dataSource.query(
      `INSERT INTO customers (id, platform_id, environment, platform_customer_id, customer_type, uma_address, kyc_status, address, business_info)
       VALUES ($1::uuid, $2, 'SANDBOX', 'c-1', 'BUSINESS', '$c-1@acme', 'APPROVED', $3::json, $4::json)`,
      [
        customerId,
        platformId,
        '{"line1": "\\ud800x", "city": "caf\\u00e9 \\ud83d\\ude00"}',
        '{"legalName": "A\\u0000B"}',
      ],
    );
    await dataSource.query(
      `INSERT INTO customer_batches (platform_id, environment, batch_key, results) VALUES ($1, 'SANDBOX', 'batch-1', $2::json)`,
      [platformId, '[{"error": {"message": "\\udfffbad"}}]'],
    );

    await new UnstorableTextRepair1764400000000().up(dataSource.createQueryRunner());

    const [customer] = await dataSource.query(
      `SELECT address::text, business_info::jsonb ->> 'legalName' AS legal_name FROM customers WHERE id = $1`,
      [customerId],
    );
    expect(customer).toEqual({
      address: '{"line1": "\\ufffdx", "city": "caf\\u00e9 \\ud83d\\ude00"}',
      legal_name: 'A\uFFFDB',
    });
    const [batch] = await dataSource.query(
      `SELECT results::jsonb AS results FROM customer_batches WHERE batch_key = 'batch-1'`,
    );
    expect(batch.results).toEqual([{ error: { message: '\uFFFDbad' } }]);
  });
});
