import { ApiClient, AppReplica, e2eStack, eventually, newPlatformClients } from '@payments/testing';
import { Pool } from 'pg';
import { csvOf, individual, onDomain, runLabel, US_ACCOUNT } from '@bulk-import/csv/__tests__/csv-fixtures';

const WORKER = 'bulk-import-worker';
const PORT_VARIABLE = 'BULK_IMPORT_WORKER_PORT';

interface ChunkRow {
  chunk_index: number;
  status: string;
  attempts: number;
  started_by: string | null;
  processed_by: string | null;
}

/**
 * Worker replicas side by side on one queue: the e2e stack's own worker plus replicas started here.
 * Which replica took and finished each chunk is read from the chunk rows (started_by, processed_by:
 * `<host>#<pid>`).
 */
describe('bulk import on several worker replicas', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const database = new Pool({
    connectionString: stack.databaseUrl,
    max: 2,
    options: '-c search_path=bulk_import',
  });
  let replica: AppReplica;

  afterEach(() => replica?.kill());
  afterAll(() => database.end());

  function chunksOf(jobId: string): Promise<ChunkRow[]> {
    return database
      .query(
        `SELECT chunk_index, status, attempts, started_by, processed_by FROM import_chunks WHERE job_id = $1 ORDER BY chunk_index`,
        [jobId.slice('Job:'.length)],
      )
      .then((result) => result.rows);
  }

  async function upload(client: ApiClient, rows: number): Promise<{ jobId: string; label: string }> {
    const label = runLabel();
    const { umaDomain } = (await client.get('/config')).body;
    const csv = onDomain(
      csvOf(
        Array.from({ length: rows }, (_, index) =>
          individual(`${label}-${index}`, index % 3 === 0 ? US_ACCOUNT : {}),
        ),
      ),
      umaDomain,
    );
    const accepted = await client.upload('/customers/bulk/csv', csv);
    expect(accepted.status).toBe(202);
    return { jobId: accepted.body.jobId, label };
  }

  async function completed(client: ApiClient, jobId: string): Promise<any> {
    return eventually(
      async () => {
        const { body } = await client.get(`/customers/bulk/jobs/${jobId}`);
        return body.status === 'COMPLETED' ? body : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 100 },
    );
  }

  it('shares one job between two replicas, each chunk imported once', async () => {
    const { sandbox } = newPlatformClients(api);
    replica = await AppReplica.start(WORKER, PORT_VARIABLE, 1);
    const { jobId } = await upload(sandbox, 2000);
    const job = await completed(sandbox, jobId);

    expect(job.progress).toEqual({ total: 2000, processed: 2000, successful: 2000, failed: 0 });
    const chunks = await chunksOf(jobId);
    expect(chunks.every((chunk) => chunk.status === 'DONE')).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.processed_by)).size).toBe(2);
    expect((await sandbox.get('/customers?limit=1')).body.totalCount).toBe(2000);
  });

  it('finishes a job whose replica is killed in the middle of a chunk, losing and doubling nothing', async () => {
    const { sandbox } = newPlatformClients(api);
    replica = await AppReplica.start(WORKER, PORT_VARIABLE, 2);
    const { jobId } = await upload(sandbox, 3000);
    const victim = `#${replica.pid}`;
    // Frozen, the replica cannot finish the chunk it holds between the look and the kill.
    const held = await eventually(
      async () => {
        replica.pause();
        const chunk = (await chunksOf(jobId)).find(
          (candidate) => candidate.status === 'PENDING' && candidate.started_by?.endsWith(victim),
        );
        if (!chunk) replica.resume();
        return chunk;
      },
      { timeoutMs: 60_000, intervalMs: 5 },
    );
    await replica.kill();
    const job = await completed(sandbox, jobId);

    expect(job.progress).toEqual({ total: 3000, processed: 3000, successful: 3000, failed: 0 });
    expect(job.errors).toEqual([]);
    const retaken = (await chunksOf(jobId)).find((chunk) => chunk.chunk_index === held.chunk_index)!;
    expect(retaken).toMatchObject({ status: 'DONE', attempts: expect.any(Number) });
    expect(retaken.attempts).toBeGreaterThanOrEqual(2);
    expect(retaken.processed_by?.endsWith(victim)).toBe(false);
    expect((await sandbox.get('/customers?limit=1')).body.totalCount).toBe(3000);
    expect((await sandbox.get('/customers/external-accounts?limit=1')).body.totalCount).toBe(1000);
  });
});
