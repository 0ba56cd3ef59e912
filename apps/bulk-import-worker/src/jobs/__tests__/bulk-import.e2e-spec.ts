import {
  ApiClient,
  bootstrapPlatform,
  e2eStack,
  eventually,
  newPlatformClients,
  platformWithEndpoint,
  PlatformWithEndpoint,
  verifySignature,
} from '@payments/testing';
import {
  business,
  CLABE_ACCOUNT,
  csvOf,
  onDomain,
  IBAN_ACCOUNT,
  individual,
  PIX_ACCOUNT,
  Row,
  runLabel,
  US_ACCOUNT,
} from '@bulk-import/csv/__tests__/csv-fixtures';
import { Pool } from 'undici';

const UPLOAD = '/customers/bulk/csv';
const TOTAL_ROWS = 1000;

interface Expected {
  code: string;
  /** The CSV columns the error names, when the row has bad values. */
  columns?: string[];
}

/** The job, once it is COMPLETED or FAILED, with every status it was seen in on the way. */
async function finishedJob(
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

function columnsOf(error: any): string[] | undefined {
  return error.details?.errors?.map((entry: { field: string }) => entry.field).sort();
}

async function customerCount(client: ApiClient): Promise<number> {
  return (await client.get('/customers?limit=1')).body.totalCount;
}

describe('bulk customer import', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);

  describe('a 1,000-row file with a known set of bad rows', () => {
    const label = runLabel();
    let platform: PlatformWithEndpoint;
    let csv: string;
    let umaDomain: string;
    const expected = new Map<string, Expected>();
    let goodRows = 0;
    let goodAccounts = 0;
    let accepted: any;
    let outcome: { job: any; seen: string[] };

    beforeAll(async () => {
      platform = await platformWithEndpoint(api);
      // EUR is a cross-border currency: its customers need a nationality (a warning when a row lacks it).
      const configured = await platform.sandbox.patch('/config', {
        supportedCurrencies: ['USD', 'EUR'].map((currencyCode) => ({
          currencyCode,
          minAmount: 1,
          maxAmount: 1_000_000,
          requiredCounterpartyFields: [],
        })),
      });
      expect(configured.status).toBe(200);
      umaDomain = configured.body.umaDomain;
      const existing = await platform.sandbox.post('/customers', {
        platformCustomerId: `${label}-existing`,
        customerType: 'INDIVIDUAL',
        fullName: 'Grace Hopper',
        birthDate: '1906-12-09',
        nationality: 'US',
        address: { line1: '1 Navy Way', postalCode: '20001', country: 'US' },
      });
      expect(existing.status).toBe(201);

      const bad: [Row | string, Expected][] = [
        [
          individual(`${label}-bad-type`, { customerType: 'PERSON' }),
          { code: 'INVALID_INPUT', columns: ['customerType'] },
        ],
        [
          individual(`${label}-no-uma`, { umaAddress: '' }),
          { code: 'INVALID_INPUT', columns: ['umaAddress'] },
        ],
        [
          individual(`${label}-no-name`, {
            fullName: '',
            birthDate: '',
            addressLine1: '',
            city: '',
            state: '',
            postalCode: '',
            country: '',
          }),
          {
            code: 'INVALID_INPUT',
            columns: ['addressLine1', 'birthDate', 'city', 'country', 'fullName', 'postalCode', 'state'],
          },
        ],
        [
          business(`${label}-no-legal-name`, { businessLegalName: '' }),
          { code: 'INVALID_INPUT', columns: ['businessLegalName'] },
        ],
        [
          individual(`${label}-slash-date`, { birthDate: '1990/12/10' }),
          { code: 'INVALID_INPUT', columns: ['birthDate'] },
        ],
        [
          individual(`${label}-feb-30`, { birthDate: '1990-02-30' }),
          { code: 'INVALID_INPUT', columns: ['birthDate'] },
        ],
        [
          individual(`${label}-born-later`, { birthDate: '2999-01-01' }),
          { code: 'INVALID_INPUT', columns: ['birthDate'] },
        ],
        [
          individual(`${label}-country-xx`, { country: 'XX' }),
          { code: 'INVALID_INPUT', columns: ['country'] },
        ],
        [
          individual(`${label}-lower-case`, { country: 'gb', nationality: 'gb' }),
          { code: 'INVALID_INPUT', columns: ['country', 'nationality'] },
        ],
        [
          business(`${label}-biz-country`, { country: 'USA' }),
          { code: 'INVALID_INPUT', columns: ['country'] },
        ],
        [
          individual(`${label}-email`, { email: 'not-an-email' }),
          { code: 'INVALID_INPUT', columns: ['email'] },
        ],
        [
          individual(`${label}-uma`, { umaAddress: 'not a uma address' }),
          { code: 'INVALID_INPUT', columns: ['umaAddress'] },
        ],
        [
          individual(`${label}-long-name`, { fullName: 'x'.repeat(201) }),
          { code: 'INVALID_INPUT', columns: ['fullName'] },
        ],
        [
          individual(`${label}-account-type`, { accountType: 'PAYPAL', accountNumber: '1' }),
          { code: 'INVALID_INPUT', columns: ['accountType'] },
        ],
        [business(`${label}-biz-bank`, US_ACCOUNT), { code: 'INVALID_INPUT', columns: ['accountType'] }],
        [
          individual(`${label}-routing`, { ...US_ACCOUNT, routingNumber: '021000022' }),
          { code: 'INVALID_BANK_ACCOUNT', columns: ['routingNumber'] },
        ],
        [
          individual(`${label}-account-number`, { ...US_ACCOUNT, accountNumber: '12' }),
          { code: 'INVALID_BANK_ACCOUNT', columns: ['accountNumber'] },
        ],
        [
          individual(`${label}-clabe`, { ...CLABE_ACCOUNT, clabeNumber: '002010077777777772' }),
          { code: 'INVALID_BANK_ACCOUNT', columns: ['clabeNumber'] },
        ],
        [
          individual(`${label}-pix`, { ...PIX_ACCOUNT, pixKey: '123' }),
          { code: 'INVALID_BANK_ACCOUNT', columns: ['pixKey'] },
        ],
        [
          individual(`${label}-iban`, { ...IBAN_ACCOUNT, iban: 'DE89370400440532013001' }),
          { code: 'INVALID_BANK_ACCOUNT', columns: ['iban'] },
        ],
        [
          individual(`${label}-no-routing`, { ...US_ACCOUNT, routingNumber: '' }),
          { code: 'INVALID_INPUT', columns: ['routingNumber'] },
        ],
        [
          individual(`${label}-category`, { ...US_ACCOUNT, accountCategory: 'BROKERAGE' }),
          { code: 'INVALID_INPUT', columns: ['accountCategory'] },
        ],
        [
          individual(`${label}-pix-type`, { ...PIX_ACCOUNT, pixKeyType: 'TWITTER' }),
          { code: 'INVALID_INPUT', columns: ['pixKeyType'] },
        ],
        [
          individual(`${label}-bank-no-nationality`, { ...US_ACCOUNT, nationality: 'United Kingdom' }),
          { code: 'INVALID_INPUT', columns: ['nationality'] },
        ],
        [individual(`${label}-existing`), { code: 'CONFLICT' }],
        // Judged in the worker: sent on, it would make the customers app refuse the rows batched with it.
        [
          individual(`${label}-nul`, { fullName: 'Ada\u0000Lovelace' }),
          { code: 'INVALID_INPUT', columns: ['fullName'] },
        ],
      ];
      const rows: (Row | string)[] = [];
      const addBad = (row: Row | string, expectation: Expected) => {
        rows.push(row);
        const id = typeof row === 'string' ? '' : row.platformCustomerId;
        expected.set(id || `row_${rows.length + 1}`, expectation);
      };
      const addGood = (row: Row) => {
        rows.push(row);
        goodRows += 1;
        if (row.accountType) goodAccounts += 1;
      };
      // Bad rows spread over the file, a good row between each two.
      for (const [index, [row, expectation]] of bad.entries()) {
        addGood(goodRow(label, index));
        addBad(row, expectation);
      }
      // Rows without a platformCustomerId, or with the wrong number of fields, are named by their row.
      addBad(individual('', { platformCustomerId: '', umaAddress: `$${label}-anonymous@bulk.uma.local` }), {
        code: 'INVALID_INPUT',
        columns: ['platformCustomerId'],
      });
      addBad('only,three,fields', { code: 'INVALID_INPUT', columns: ['row'] });
      // Within one chunk, the first of two rows sharing a platformCustomerId or a UMA address wins.
      const first = goodRow(label, 500);
      addGood(first);
      addBad(individual(first.platformCustomerId!, { umaAddress: `$${label}-twin@bulk.uma.local` }), {
        code: 'CONFLICT',
      });
      addBad(individual(`${label}-uma-twin`, { umaAddress: first.umaAddress }), {
        code: 'UMA_ADDRESS_EXISTS',
      });
      // Created, with a warning: EUR payments ask for the nationality until it is supplied.
      addGood(individual(`${label}-no-nationality`, { nationality: '' }));
      // Quoted fields may hold commas, quotes and line breaks.
      addGood(
        individual(`${label}-quoted`, {
          fullName: 'Ada "The Countess" Lovelace, of Ockham',
          addressLine2: 'Flat 1\nSecond floor',
        }),
      );
      for (let index = 600; rows.length < TOTAL_ROWS; index++) addGood(goodRow(label, index));
      csv = onDomain(csvOf(rows), umaDomain);
      accepted = await platform.sandbox.upload(UPLOAD, csv);
      outcome = await finishedJob(platform.sandbox, accepted.body.jobId);
    });

    afterAll(() => platform.receiver.stop());

    it('answers 202 with the job, PENDING, naming the columns it ignores', () => {
      expect(accepted.status).toBe(202);
      expect(accepted.body).toEqual({
        jobId: expect.stringMatching(/^Job:[0-9a-f-]{36}$/),
        status: 'PENDING',
        ignoredColumns: ['internalNotes'],
      });
    });

    it('moves PENDING → PROCESSING → COMPLETED, never back', () => {
      const order = ['PENDING', 'PROCESSING', 'COMPLETED'];
      expect(outcome.seen.map((status) => order.indexOf(status))).toEqual(
        [...outcome.seen.map((status) => order.indexOf(status))].sort(),
      );
      expect(outcome.job.status).toBe('COMPLETED');
      expect(outcome.job.completedAt).toEqual(expect.any(String));
    });

    it('counts every row exactly', () => {
      expect(outcome.job.progress).toEqual({
        total: TOTAL_ROWS,
        processed: TOTAL_ROWS,
        successful: goodRows,
        failed: expected.size,
      });
    });

    it('reports each bad row once, in file order, with its code and the columns at fault', () => {
      const reported = new Map(
        outcome.job.errors.map((error: any) => [
          error.correlationId,
          { code: error.code, columns: columnsOf(error) },
        ]),
      );
      expect(reported).toEqual(
        new Map([...expected].map(([id, { code, columns }]) => [id, { code, columns: columns?.sort() }])),
      );
      const rowsOrder = outcome.job.errors.map((error: any) => error.details.row);
      expect(rowsOrder).toEqual([...rowsOrder].sort((a: number, b: number) => a - b));
      for (const error of outcome.job.errors)
        expect(error).toEqual({
          correlationId: expect.any(String),
          code: expect.any(String),
          message: expect.any(String),
          details: expect.objectContaining({ row: expect.any(Number) }),
        });
    });

    it('warns of the row created without the nationality EUR requires, and of no other', () => {
      expect(outcome.job.warnings).toEqual([
        {
          correlationId: `${label}-no-nationality`,
          code: 'MISSING_MANDATORY_USER_INFO',
          message: expect.any(String),
          details: {
            row: expect.any(Number),
            customerId: expect.any(String),
            missingFields: ['NATIONALITY'],
          },
        },
      ]);
    });

    it('creates the good rows as customers, each bank account row with its external account', async () => {
      expect(await customerCount(platform.sandbox)).toBe(goodRows + 1);
      expect((await platform.sandbox.get('/customers/external-accounts?limit=1')).body.totalCount).toBe(
        goodAccounts,
      );
      const [quoted] = (await platform.sandbox.get(`/customers?platformCustomerId=${label}-quoted`)).body
        .data;
      expect(quoted).toMatchObject({
        fullName: 'Ada "The Countess" Lovelace, of Ockham',
        address: { line2: 'Flat 1\nSecond floor' },
        kycStatus: 'APPROVED',
        umaAddress: `$${label}-quoted@${umaDomain}`,
      });
    });

    it('opens their internal accounts in the ledger, as for customers created one by one', async () => {
      const [customer] = (await platform.sandbox.get(`/customers?platformCustomerId=${label}-quoted`)).body
        .data;
      const accounts = await eventually(async () => {
        const page = await platform.sandbox.get(`/customers/internal-accounts?customerId=${customer.id}`);
        return page.body.data.length === 2 ? page.body.data : undefined;
      });
      expect(accounts.map((account: any) => account.balance.currency.code).sort()).toEqual(['EUR', 'USD']);
    });

    it('sends one signed BULK_UPLOAD webhook with the finished job', async () => {
      const webhook = await platform.receiver.waitFor((body) => body?.type === 'BULK_UPLOAD');
      expect(
        verifySignature(webhook.rawBody, webhook.headers['x-grid-signature'], platform.publicKeyPem),
      ).toBe(true);
      expect(webhook.body).toEqual({
        webhookId: expect.stringMatching(/^Webhook:/),
        type: 'BULK_UPLOAD',
        timestamp: expect.any(String),
        // Each attempt's own (docs/api.md#webhook-signatures).
        platformId: expect.any(String),
        environment: 'SANDBOX',
        sentAt: expect.any(String),
        bulkCustomerImportJob: outcome.job,
      });
    });

    it('creates nothing twice when the same file is uploaded again: its rows conflict', async () => {
      const again = await platform.sandbox.upload(UPLOAD, csv);
      expect(again.status).toBe(202);
      const { job } = await finishedJob(platform.sandbox, again.body.jobId);
      expect(job.progress).toEqual({
        total: TOTAL_ROWS,
        processed: TOTAL_ROWS,
        successful: 0,
        failed: TOTAL_ROWS,
      });
      const codes = new Map(job.errors.map((error: any) => [error.correlationId, error.code]));
      for (const [id, { code }] of expected) expect(codes.get(id)).toBe(code);
      expect([...codes.values()].filter((code) => code === 'CONFLICT').length).toBeGreaterThanOrEqual(
        goodRows,
      );
      expect(await customerCount(platform.sandbox)).toBe(goodRows + 1);
    });

    it("shows a job only to its platform's credentials of its environment", async () => {
      const other = newPlatformClients(api);
      for (const client of [other.sandbox, platform.production]) {
        const response = await client.get(`/customers/bulk/jobs/${accepted.body.jobId}`);
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('BULK_UPLOAD_JOB_NOT_FOUND');
      }
      const malformed = await platform.sandbox.get('/customers/bulk/jobs/Job:not-a-uuid');
      expect(malformed.body.code).toBe('BULK_UPLOAD_JOB_NOT_FOUND');
    });
  });

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

  it('exports the queue on /metrics', async () => {
    const metrics = await (await fetch(`${stack.appUrls['bulk-import-worker']}/metrics`)).text();
    for (const state of ['waiting', 'active', 'completed', 'failed']) {
      expect(metrics).toMatch(new RegExp(`bulk_import_queue_jobs\\{state="${state}"`));
    }
  });
});

/** A row that imports: individuals and businesses, a quarter of the individuals with an account of each type. */
function goodRow(label: string, index: number): Row {
  const id = `${label}-good-${String(index).padStart(4, '0')}`;
  if (index % 5 === 4) return business(id);
  const account = [US_ACCOUNT, CLABE_ACCOUNT, PIX_ACCOUNT, IBAN_ACCOUNT, {}, {}, {}, {}][index % 8];
  return individual(id, account);
}
