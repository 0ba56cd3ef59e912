import { PreparingClient } from '../database/preparing-client';
import { TestDatabase } from './test-database';

jest.setTimeout(30_000);

describe('PreparingClient', () => {
  let database: TestDatabase;
  let client: PreparingClient;

  beforeEach(async () => {
    database = await TestDatabase.create();
    client = new PreparingClient({ connectionString: database.url });
    await client.connect();
    await client.query('CREATE TABLE notes (id int PRIMARY KEY, body text)');
  });

  afterEach(async () => {
    await client?.end();
    await database?.drop();
  });

  const preparedStatements = async () =>
    (await client.query('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time')).rows.map(
      (row: { statement: string }) => row.statement,
    );

  it('prepares a statement with parameters once per connection and runs it prepared after', async () => {
    const insert = 'INSERT INTO notes (id, body) VALUES ($1, $2) RETURNING body';
    expect((await client.query(insert, [1, 'first'])).rows).toEqual([{ body: 'first' }]);
    expect((await client.query(insert, [2, 'second'])).rows).toEqual([{ body: 'second' }]);
    await client.query('SELECT count(*) FROM notes');

    expect(await preparedStatements()).toEqual([insert]);
  });

  it('prepares at most 256 statements and runs the others unprepared', async () => {
    for (let id = 1; id <= 260; id++) {
      const { rows } = await client.query(`SELECT $1::int + ${id} AS total`, [id]);
      expect(rows).toEqual([{ total: 2 * id }]);
    }
    expect(await preparedStatements()).toHaveLength(256);
  });

  it('prepares a statement again once a migration changed its result columns', async () => {
    const update = 'UPDATE notes SET body = $2 WHERE id = $1 RETURNING *';
    await client.query('INSERT INTO notes (id, body) VALUES (1, $1)', ['first']);
    await client.query(update, [1, 'second']);
    await database.query('ALTER TABLE notes ADD COLUMN author text');

    await expect(client.query(update, [1, 'third'])).rejects.toThrow(
      'cached plan must not change result type',
    );
    expect((await client.query(update, [1, 'fourth'])).rows).toEqual([
      { id: 1, body: 'fourth', author: null },
    ]);
  });
});
