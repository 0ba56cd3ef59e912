import { PreparingClient } from '../database/preparing-client';
import { TestDatabase } from '@payments/testing';

jest.setTimeout(30_000);

describe('PreparingClient', () => {
  let database: TestDatabase;
  let client: PreparingClient;

  beforeEach(async () => {
    database = await TestDatabase.create();
    client = new PreparingClient({ connectionString: database.url });
    await client.connect();
    await client.query('CREATE TABLE notes (id int PRIMARY KEY, body text, author text)');
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

  const heldStatements = async () =>
    (await client.query('SELECT name, statement FROM pg_prepared_statements')).rows as {
      name: string;
      statement: string;
    }[];

  it('prepares a statement again after 100 runs and deallocates the one it replaces', async () => {
    const select = 'SELECT body FROM notes WHERE id = $1';
    for (let run = 1; run < 100; run++) await client.query(select, [run]);
    const [first] = await heldStatements();

    await client.query(select, [100]);

    expect(await heldStatements()).toEqual([{ name: expect.any(String), statement: select }]);
    expect((await heldStatements())[0].name).not.toBe(first.name);
  });

  it('plans a statement prepared again for its table as it has grown', async () => {
    // Postgres keeps a generic plan once it costs no more than the custom ones; this connection
    // always does, so that the test need not wait for that choice.
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query('CREATE INDEX notes_author ON notes (author)');
    await client.query(
      "INSERT INTO notes SELECT id, 'note', 'author ' || id FROM generate_series(1, 3) AS id",
    );
    await client.query('ANALYZE notes');
    const select = 'SELECT body FROM notes WHERE author = ANY($1::text[])';
    const planOf = async () => {
      const [{ name }] = await heldStatements();
      const { rows } = await client.query(`EXPLAIN EXECUTE ${name}('{"author 5"}')`);
      return rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
    };
    await client.query(select, [['author 1']]);
    expect(await planOf()).toContain('Seq Scan on notes');

    await client.query(
      "INSERT INTO notes SELECT id, 'note', 'author ' || id FROM generate_series(4, 20000) AS id",
    );
    for (let run = 2; run <= 100; run++) await client.query(select, [[`author ${run}`]]);

    expect(await planOf()).toContain('Index Scan using notes_author');
  });

  it('prepares a statement again once a migration changed its result columns', async () => {
    const update = 'UPDATE notes SET body = $2 WHERE id = $1 RETURNING *';
    await client.query('INSERT INTO notes (id, body) VALUES (1, $1)', ['first']);
    await client.query(update, [1, 'second']);
    await database.query('ALTER TABLE notes ADD COLUMN editor text');

    await expect(client.query(update, [1, 'third'])).rejects.toThrow(
      'cached plan must not change result type',
    );
    expect((await client.query(update, [1, 'fourth'])).rows).toEqual([
      { id: 1, body: 'fourth', author: null, editor: null },
    ]);
  });
});
