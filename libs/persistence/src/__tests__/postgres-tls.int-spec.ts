import { runWithScriptModule } from '@payments/testing';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source-options';
import { runMigrations } from '../database/migrate';
import { BILLING_SCHEMA } from './billing-schema';

jest.setTimeout(60_000);

const POSTGRES_TLS = 'scripts/lib/postgres-tls.mjs';
/** Below Linux's ephemeral range (32768 up), so no outgoing connection holds it. */
const PORT = 5442;

/**
 * The apps' database settings against a server that takes TLS connections only, its certificate
 * signed by a private CA (docs/operations.md, step 4): the URL's `sslmode` and `sslrootcert` are all
 * an app, its migration step and its prepared statements need.
 */
describe('the database over TLS, against a server that refuses plaintext', () => {
  let server: { url: string; caFile: string };
  const urlWith = (query: string) => `${server.url}?${query}`;

  beforeAll(async () => {
    server = JSON.parse(
      await runWithScriptModule(
        POSTGRES_TLS,
        `process.stdout.write(JSON.stringify(await lib.startTlsPostgres({ port: ${PORT}, log })));`,
      ),
    );
  });

  afterAll(() => runWithScriptModule(POSTGRES_TLS, `lib.stopTlsPostgres({ port: ${PORT}, log });`));

  it("migrates an app's schema and serves its prepared statements over sslmode=verify-full with the CA in sslrootcert", async () => {
    const url = urlWith(`sslmode=verify-full&sslrootcert=${server.caFile}`);
    expect(await runMigrations(url, BILLING_SCHEMA)).toContain('CreateMessagingTables1700000000000');

    const dataSource = new DataSource(
      dataSourceOptions(url, { ...BILLING_SCHEMA, preparedStatements: true }),
    );
    await dataSource.initialize();
    try {
      const [session] = await dataSource.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      expect(session).toEqual({ ssl: true });
      await dataSource.query(`INSERT INTO outbox (topic, message_key, payload) VALUES ($1, 'k', '{}')`, [
        't',
      ]);
      expect(
        await dataSource.query('SELECT count(*)::int AS count FROM outbox WHERE topic = $1', ['t']),
      ).toEqual([{ count: 1 }]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('refuses the server when no CA it trusts signed its certificate (the system CAs, no sslrootcert)', async () => {
    await expect(runMigrations(urlWith('sslmode=verify-full'), BILLING_SCHEMA)).rejects.toThrow(
      /unable to verify the first certificate/,
    );
  });

  it('is refused by the server without sslmode: the test server really takes TLS only', async () => {
    await expect(runMigrations(server.url, BILLING_SCHEMA)).rejects.toThrow(/no encryption/);
  });
});
