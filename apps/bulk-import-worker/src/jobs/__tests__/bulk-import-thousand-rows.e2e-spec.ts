import {
  ApiClient,
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
import { badRows, Expected } from '@bulk-import/jobs/__tests__/bulk-import-bad-rows';
import { customerCount, finishedJob, UPLOAD } from '@bulk-import/jobs/__tests__/bulk-import-kit';

const TOTAL_ROWS = 1000;

function columnsOf(error: any): string[] | undefined {
  return error.details?.errors?.map((entry: { field: string }) => entry.field).sort();
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

      const bad = badRows(label);
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
});

/** A row that imports: individuals and businesses, a quarter of the individuals with an account of each type. */
function goodRow(label: string, index: number): Row {
  const id = `${label}-good-${String(index).padStart(4, '0')}`;
  if (index % 5 === 4) return business(id);
  const account = [US_ACCOUNT, CLABE_ACCOUNT, PIX_ACCOUNT, IBAN_ACCOUNT, {}, {}, {}, {}][index % 8];
  return individual(id, account);
}
