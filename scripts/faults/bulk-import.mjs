// The bulk CSV import that runs while the import worker is killed: a file of new customers uploaded
// through the gateway, then checked row for row against the customers schema.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PREFIX } from '../lib/api-version.mjs';

const JOB_TIMEOUT_MS = 120_000;
const HEADER =
  'umaAddress,platformCustomerId,customerType,fullName,birthDate,nationality,addressLine1,city,state,postalCode,country';

/** Uploads `rows` customers (retrying with the same key until a final answer) and answers the job. */
export async function uploadImport({ platform, gatewayUrl, rows }) {
  const label = `import-${randomUUID().slice(0, 8)}`;
  // A customer's UMA address must be on its platform's own domain.
  const { umaDomain } = await platform.api.must('GET', '/config');
  const lines = Array.from(
    { length: rows },
    (_, index) =>
      `$${label}-${index}@${umaDomain},${label}-${index},INDIVIDUAL,Ada Lovelace,1990-12-10,GB,1 Main St,London,LDN,N1 1AA,GB`,
  );
  const csv = `${HEADER}\n${lines.join('\n')}\n`;
  const key = randomUUID();
  for (const deadline = Date.now() + JOB_TIMEOUT_MS; Date.now() < deadline; await sleep(500)) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
    const response = await fetch(`${gatewayUrl}${API_PREFIX}/customers/bulk/csv`, {
      method: 'POST',
      headers: { authorization: platform.api.authorization, 'idempotency-key': key },
      body: form,
    }).catch(() => undefined);
    if (response?.status === 202) return { .../** @type {object} */ (await response.json()), label, rows };
    if (response && response.status < 500) throw new Error(`the import upload answered ${response.status}`);
  }
  throw new Error('the import upload got no answer');
}

/** Resolves once the job has processed some rows, so that a kill lands in the middle of it. */
export async function importUnderway(platform, job) {
  for (const deadline = Date.now() + JOB_TIMEOUT_MS; Date.now() < deadline; await sleep(50)) {
    const { status, progress } = await platform.api.must('GET', `/customers/bulk/jobs/${job.jobId}`);
    if (progress?.processed > 0 || status === 'COMPLETED') return;
  }
}

/** What went wrong with the import: nothing when every row made exactly one customer. */
export async function importProblems({ platform, db, job }) {
  let answer;
  for (const deadline = Date.now() + JOB_TIMEOUT_MS; Date.now() < deadline; await sleep(500)) {
    answer = await platform.api.must('GET', `/customers/bulk/jobs/${job.jobId}`);
    if (answer.status === 'COMPLETED' || answer.status === 'FAILED') break;
  }
  const problems = [];
  const expected = { total: job.rows, processed: job.rows, successful: job.rows, failed: 0 };
  if (answer.status !== 'COMPLETED' || JSON.stringify(answer.progress) !== JSON.stringify(expected)) {
    problems.push(
      `import ${job.jobId}: ${answer.status} with ${JSON.stringify(answer.progress)}, expected ${JSON.stringify(expected)}`,
    );
  }
  const {
    rows: [stored],
  } = await db.query(
    `SELECT count(*)::int AS customers, count(DISTINCT platform_customer_id)::int AS distinct_ids
       FROM customers.customers WHERE platform_id = $1 AND platform_customer_id LIKE $2`,
    [platform.platformId, `${job.label}-%`],
  );
  if (stored.customers !== job.rows || stored.distinct_ids !== job.rows) {
    problems.push(
      `import ${job.jobId}: ${stored.customers} customers (${stored.distinct_ids} distinct) stored for ${job.rows} rows`,
    );
  }
  return problems;
}
