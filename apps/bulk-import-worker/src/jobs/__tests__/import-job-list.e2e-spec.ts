import {
  ApiClient,
  DocumentedResponses,
  e2eStack,
  eventually,
  newPlatformClients,
  PlatformClients,
} from '@payments/testing';
import {
  business,
  csvOf,
  individual,
  onDomain,
  Row,
  runLabel,
} from '@bulk-import/csv/__tests__/csv-fixtures';

const JOBS = '/customers/bulk/jobs';

describe('the list of bulk import jobs, through the gateway', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const documented = new DocumentedResponses();
  let platform: PlatformClients;
  let first: string;
  let second: string;

  /** The first page of the list once every job on it is done. */
  const finishedJobs = (client: ApiClient) =>
    eventually(async () => {
      const page = await client.get(JOBS);
      expect(page.status).toBe(200);
      return page.body.data.every((job: { status: string }) => job.status === 'COMPLETED') ? page : undefined;
    });

  beforeAll(async () => {
    platform = newPlatformClients(api);
    const { umaDomain } = (await platform.sandbox.get('/config')).body;
    const label = runLabel();
    const upload = async (rows: Row[]) => {
      const accepted = await platform.sandbox.upload('/customers/bulk/csv', onDomain(csvOf(rows), umaDomain));
      expect(accepted.status).toBe(202);
      return accepted.body.jobId as string;
    };
    first = await upload([
      individual(`${label}-1`),
      individual(`${label}-2`),
      individual(`${label}-3`, { birthDate: '1990-02-30' }),
    ]);
    second = await upload([business(`${label}-4`)]);
  });

  it("lists the platform's jobs newest first with their progress, as documented, without failed rows", async () => {
    const page = await finishedJobs(platform.sandbox);

    expect(page.body).toEqual({
      data: [
        {
          jobId: second,
          status: 'COMPLETED',
          progress: { total: 1, processed: 1, successful: 1, failed: 0 },
          createdAt: expect.any(String),
          completedAt: expect.any(String),
        },
        {
          jobId: first,
          status: 'COMPLETED',
          progress: { total: 3, processed: 3, successful: 2, failed: 1 },
          createdAt: expect.any(String),
          completedAt: expect.any(String),
        },
      ],
      hasMore: false,
      totalCount: 2,
    });
    expect(documented.departures('GET', JOBS, page)).toEqual([]);
    const [newer, older] = page.body.data;
    expect(Date.parse(newer.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
    // An item is the job as GET /customers/bulk/jobs/{jobId} shows it, less its failed rows and warnings.
    const { errors, warnings, ...job } = (await platform.sandbox.get(`${JOBS}/${first}`)).body;
    expect([errors.length, warnings]).toEqual([1, []]);
    expect(older).toEqual({ ...job, createdAt: older.createdAt });
  });

  it('pages one job at a time with limit and the cursor', async () => {
    await finishedJobs(platform.sandbox);

    const one = await platform.sandbox.get(`${JOBS}?limit=1`);
    const two = await platform.sandbox.get(`${JOBS}?limit=1&cursor=${one.body.nextCursor}`);

    expect([one.body.data.map((job: { jobId: string }) => job.jobId), one.body.hasMore]).toEqual([
      [second],
      true,
    ]);
    expect(two.body).toEqual({
      data: [expect.objectContaining({ jobId: first })],
      hasMore: false,
      totalCount: 2,
    });
    expect(documented.departures('GET', JOBS, one)).toEqual([]);
  });

  it('filters by status and creation time', async () => {
    await finishedJobs(platform.sandbox);
    const idsOf = async (query: string) =>
      (await platform.sandbox.get(`${JOBS}?${query}`)).body.data.map((job: { jobId: string }) => job.jobId);

    expect(await idsOf('status=COMPLETED')).toEqual([second, first]);
    expect(await idsOf('status=FAILED')).toEqual([]);
    expect(await idsOf(`createdAfter=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);
    expect(await idsOf('createdBefore=2025-10-13T00:00:00Z')).toEqual([]);
  });

  it("shows no other platform's jobs, nor the other environment's", async () => {
    const other = newPlatformClients(api);

    for (const client of [other.sandbox, other.production, platform.production]) {
      const page = await client.get(JOBS);
      expect([page.status, page.body]).toEqual([200, { data: [], hasMore: false, totalCount: 0 }]);
    }
    expect((await other.sandbox.get(`${JOBS}/${first}`)).status).toBe(404);
  });

  it('lets a token with VIEW only list the jobs, but not upload', async () => {
    const token = await platform.sandbox.post('/tokens', { name: 'import-viewer', permissions: ['VIEW'] });
    const viewer = api.withCredentials(token.body);

    const page = await viewer.get(JOBS);

    expect([page.status, page.body.totalCount]).toEqual([200, 2]);
    expect((await viewer.upload('/customers/bulk/csv', csvOf([]))).status).toBe(403);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=many', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    ['status=DONE', 'status'],
    ['createdAfter=yesterday', 'createdAfter'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const response = await platform.sandbox.get(`${JOBS}?${query}`);

    expect([response.status, response.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(new Set(response.body.details.errors.map((error: { field: string }) => error.field))).toEqual(
      new Set([field]),
    );
  });
});
