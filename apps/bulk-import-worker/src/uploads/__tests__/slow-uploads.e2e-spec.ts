import { ApiClient, bootstrapPlatform, e2eStack, eventually, newPlatformClients } from '@payments/testing';
import { request as httpRequest, ClientRequest, IncomingMessage } from 'node:http';
import { csvOf, individual, onDomain, runLabel } from '@bulk-import/csv/__tests__/csv-fixtures';

const UPLOAD = '/customers/bulk/csv';
const BOUNDARY = 'slow-upload-boundary';
const SLOW_UPLOADS = 10;

/** An upload that sends its header row and then trickles nothing more, as a slow client does. */
function slowUpload(url: string, authorization: string) {
  let request!: ClientRequest;
  const answered = new Promise<number>((resolve, reject) => {
    request = httpRequest(`${url}/2025-10-13${UPLOAD}`, {
      method: 'POST',
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    request.on('response', (response: IncomingMessage) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  answered.catch(() => undefined);
  request.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csvOf([]).trim()}\n`,
  );
  return { answered, hangUp: () => request.destroy() };
}

function basicAuthorization({ clientId, clientSecret }: { clientId: string; clientSecret: string }): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

describe('slow bulk uploads', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);

  it(`${SLOW_UPLOADS} slow uploads of one platform: all but 2 refused with 429, another platform imports and calls the API undisturbed`, async () => {
    const attacker = bootstrapPlatform();
    const victim = newPlatformClients(api);
    const uploads = Array.from({ length: SLOW_UPLOADS }, () =>
      slowUpload(stack.gatewayUrl, basicAuthorization(attacker.sandbox)),
    );
    try {
      const refused = await eventually(
        async () => {
          const settled = await Promise.all(
            uploads.map(({ answered }) =>
              Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 50, 0))]),
            ),
          );
          const count = settled.filter((status) => status === 429).length;
          return count === SLOW_UPLOADS - 2 ? count : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 100 },
      );
      expect(refused).toBe(SLOW_UPLOADS - 2);

      const startedAt = Date.now();
      const config = await victim.sandbox.get('/config');
      expect(config.status).toBe(200);
      const label = runLabel();
      const accepted = await victim.sandbox.upload(
        UPLOAD,
        onDomain(csvOf([individual(`${label}-1`), individual(`${label}-2`)]), config.body.umaDomain),
      );
      expect(accepted.status).toBe(202);
      const job = await eventually(
        async () => {
          const { body } = await victim.sandbox.get(`/customers/bulk/jobs/${accepted.body.jobId}`);
          return body.status === 'COMPLETED' ? body : undefined;
        },
        { timeoutMs: 20_000, intervalMs: 50 },
      );
      expect(job.progress).toMatchObject({ total: 2, successful: 2 });
      expect(Date.now() - startedAt).toBeLessThan(20_000);
    } finally {
      for (const upload of uploads) upload.hangUp();
    }
  });
});
