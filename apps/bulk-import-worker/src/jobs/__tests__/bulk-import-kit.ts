import { ApiClient, eventually } from '@payments/testing';

export const UPLOAD = '/customers/bulk/csv';

/** The job, once it is COMPLETED or FAILED, with every status it was seen in on the way. */
export async function finishedJob(
  client: ApiClient,
  jobId: string,
  timeoutMs = 60_000,
): Promise<{ job: any; seen: string[] }> {
  const seen: string[] = [];
  const job = await eventually(
    async () => {
      const { status, body } = await client.get(`/customers/bulk/jobs/${jobId}`);
      expect(status).toBe(200);
      if (seen.at(-1) !== body.status) seen.push(body.status);
      return body.status === 'COMPLETED' || body.status === 'FAILED' ? body : undefined;
    },
    { timeoutMs, intervalMs: 25 },
  );
  return { job, seen };
}

export async function customerCount(client: ApiClient): Promise<number> {
  return (await client.get('/customers?limit=1')).body.totalCount;
}
