import { ApiClient, bootstrapPlatform, e2eStack, newPlatformClients } from '@payments/testing';
import { csvOf, individual, runLabel } from '@bulk-import/csv/__tests__/csv-fixtures';
import { Pool } from 'undici';
import { customerCount, finishedJob, UPLOAD } from '@bulk-import/jobs/__tests__/bulk-import-kit';

describe('bulk customer import', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);

  describe('refused uploads', () => {
    let sandbox: ApiClient;

    beforeAll(() => {
      ({ sandbox } = newPlatformClients(api));
    });

    it('refuses a header without a required column at once, naming it', async () => {
      const response = await sandbox.upload(
        UPLOAD,
        'platformCustomerId,customerType,fullName\nc-1,INDIVIDUAL,Ada\n',
      );
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'INVALID_INPUT' });
      expect(response.body.details.missingColumns).toEqual(
        expect.arrayContaining([
          'umaAddress',
          'addressLine1',
          'city',
          'state',
          'postalCode',
          'country',
          'birthDate',
          'businessLegalName',
        ]),
      );
      expect(response.body.message).toContain('umaAddress');
    });

    it('refuses columns named twice, an empty file, a missing part and a body that is not multipart', async () => {
      const header =
        'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country';
      const twice = await sandbox.upload(UPLOAD, `${header},city\n`);
      expect([twice.status, twice.body.details.duplicateColumns]).toEqual([400, ['city']]);
      const empty = await sandbox.upload(UPLOAD, '');
      expect([empty.status, empty.body.code]).toEqual([400, 'INVALID_INPUT']);
      const wrongPart = await sandbox.upload(UPLOAD, `${header}\n`, { part: 'upload' });
      expect([wrongPart.status, wrongPart.body.message]).toEqual([400, expect.stringContaining('"file"')]);
      const json = await sandbox.post(UPLOAD, { rows: [] });
      expect([json.status, json.body.code]).toEqual([400, 'INVALID_INPUT']);
    });

    it('refuses more rows than BULK_MAX_ROWS, or more bytes than BULK_MAX_BYTES, with 413, storing nothing', async () => {
      const { environment } = stack;
      const label = runLabel();
      const tooMany = csvOf(
        Array.from({ length: Number(environment.BULK_MAX_ROWS) + 1 }, (_, index) =>
          individual(`${label}-${index}`),
        ),
      );
      const rows = await sandbox.upload(UPLOAD, tooMany);
      expect([rows.status, rows.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const tooBig = csvOf([
        individual(`${label}-big`, { internalNotes: 'x'.repeat(Number(environment.BULK_MAX_BYTES)) }),
      ]);
      const bytes = await sandbox.upload(UPLOAD, tooBig);
      expect([bytes.status, bytes.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      expect(await customerCount(sandbox)).toBe(0);
    });

    it('answers an upload past BULK_MAX_BYTES while it is still arriving, and serves the next request on the same connection', async () => {
      const { sandbox: credentials } = bootstrapPlatform();
      const authorization = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      const boundary = `----upload${Date.now()}`;
      const csv = csvOf([
        individual(`${runLabel()}-huge`, {
          internalNotes: 'x'.repeat(4 * Number(stack.environment.BULK_MAX_BYTES)),
        }),
      ]);
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      );
      // One keep-alive connection for both requests, as a browser or an HTTP client pool reuses it.
      const connection = new Pool(stack.gatewayUrl, { connections: 1 });
      try {
        const upload = await connection.request({
          method: 'POST',
          path: `/2025-10-13${UPLOAD}`,
          headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        });
        expect([upload.statusCode, JSON.parse(await upload.body.text()).code]).toEqual([
          413,
          'PAYLOAD_TOO_LARGE',
        ]);

        const next = await connection.request({
          method: 'GET',
          path: '/2025-10-13/config',
          headers: { authorization },
          headersTimeout: 10_000,
        });
        expect(next.statusCode).toBe(200);
        await next.body.dump();
      } finally {
        await connection.close();
      }
    });

    it('fails the job of a file that stops being readable CSV, importing none of it', async () => {
      const label = runLabel();
      const csv = `${csvOf([individual(`${label}-1`), individual(`${label}-2`)])}"unclosed,quote\n`;
      const accepted = await sandbox.upload(UPLOAD, csv);
      expect([accepted.status, accepted.body.status]).toEqual([202, 'FAILED']);
      const { job } = await finishedJob(sandbox, accepted.body.jobId);
      expect(job).toMatchObject({
        status: 'FAILED',
        progress: { total: 0, processed: 0, successful: 0, failed: 0 },
        errors: [{ correlationId: 'row_4', code: 'INVALID_INPUT', details: { row: 4 } }],
        completedAt: expect.any(String),
      });
      expect(await customerCount(sandbox)).toBe(0);
    });
  });
});
