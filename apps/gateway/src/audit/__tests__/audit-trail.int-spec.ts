import { Environment } from '@payments/contracts';
import { API_PREFIX } from '@payments/http';
import { MigratedDatabase } from '@payments/testing';
import Fastify, { FastifyInstance } from 'fastify';
import { AuditEntriesStore } from '@gateway/audit/audit-entries.store';
import { AuditTrail } from '@gateway/audit/audit-trail';
import { Principal } from '@gateway/auth/principal';
import { GATEWAY_SCHEMA } from '@gateway/database';

jest.setTimeout(30_000);

const CUSTOMER = 'Customer:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51';
const principal: Principal = {
  tokenId: '2d9f8e3a-4b65-4c6a-9c65-4b2e5eaf2f73',
  tokenName: 'Back office',
  clientId: 'client',
  platformId: 'Platform:3eaf9f4b-5c76-4d7b-8d76-5c3f6fb03a84',
  environment: Environment.Sandbox,
  permissions: ['MANAGE'],
};

interface EntryRow {
  id: string;
  method: string;
  route: string;
  resource_id: string | null;
  outcome_status: number | null;
}

describe('AuditTrail: the write-ahead audit entry (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let fastify: FastifyInstance;
  /** What the audit table held while each handler ran, by request id. */
  const seenByHandler = new Map<string, EntryRow[]>();

  const entriesOf = (requestId: string) =>
    database.query<EntryRow>(
      `SELECT id, method, route, resource_id, outcome_status FROM gateway.audit_entries WHERE request_id = $1`,
      [requestId],
    );

  beforeAll(async () => {
    database = await MigratedDatabase.create(GATEWAY_SCHEMA);
    const trail = new AuditTrail(new AuditEntriesStore(database.dataSource));
    fastify = Fastify({ genReqId: (request) => String(request.headers['x-request-id']) });
    // As the gateway's authentication hook: the caller known, then the entry written.
    fastify.addHook('preHandler', async (request) => {
      request.principal = principal;
      await trail.open(request);
    });
    trail.register(fastify);
    fastify.all(`${API_PREFIX}/*`, async (request, reply) => {
      seenByHandler.set(String(request.id), await entriesOf(String(request.id)));
      if (request.url.endsWith('/refused')) return reply.status(403).send({ code: 'FORBIDDEN' });
      return reply.status(request.method === 'POST' ? 201 : 200).send({ id: CUSTOMER });
    });
    await fastify.ready();
  });

  afterAll(async () => {
    await fastify?.close();
    await database?.drop();
  });

  it('commits the entry before the request runs, and fills its outcome and created id after', async () => {
    await fastify.inject({
      method: 'POST',
      url: `${API_PREFIX}/customers`,
      headers: { 'x-request-id': 'r-create' },
    });

    expect(seenByHandler.get('r-create')).toEqual([
      expect.objectContaining({
        method: 'POST',
        route: '/customers',
        outcome_status: null,
        resource_id: null,
      }),
    ]);
    expect(await entriesOf('r-create')).toEqual([
      expect.objectContaining({ outcome_status: 201, resource_id: CUSTOMER }),
    ]);
  });

  it('records a refusal with its status, and no entry for a read', async () => {
    await fastify.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/refused`,
      headers: { 'x-request-id': 'r-refused' },
    });
    await fastify.inject({
      method: 'GET',
      url: `${API_PREFIX}/customers`,
      headers: { 'x-request-id': 'r-read' },
    });

    expect(await entriesOf('r-refused')).toEqual([expect.objectContaining({ outcome_status: 403 })]);
    expect(await entriesOf('r-read')).toEqual([]);
  });

  it('batches concurrent writes and fills each its own outcome', async () => {
    const requestIds = Array.from({ length: 40 }, (_, index) => `r-burst-${index}`);
    await Promise.all(
      requestIds.map((id) =>
        fastify.inject({ method: 'PATCH', url: `${API_PREFIX}/config`, headers: { 'x-request-id': id } }),
      ),
    );

    const rows = await database.query<{ count: string }>(
      `SELECT count(*) FROM gateway.audit_entries WHERE request_id = ANY($1) AND outcome_status = 200`,
      [requestIds],
    );
    expect(Number(rows[0].count)).toBe(40);
  });

  it('is append-only: no delete, no rewrite, and an outcome is filled once', async () => {
    const [entry] = await entriesOf('r-create');
    const refused = (sql: string) => expect(database.query(sql, [entry.id])).rejects.toThrow(/append-only/);

    await refused(`DELETE FROM gateway.audit_entries WHERE id = $1`);
    await refused(`UPDATE gateway.audit_entries SET route = '/elsewhere' WHERE id = $1`);
    await refused(`UPDATE gateway.audit_entries SET outcome_status = 500 WHERE id = $1`);
    expect(await entriesOf('r-create')).toEqual([
      expect.objectContaining({ route: '/customers', outcome_status: 201 }),
    ]);
  });
});
