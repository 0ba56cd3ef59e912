import {
  ApiClient,
  BENEFICIARY,
  e2eStack,
  eventually,
  platformWithEndpoint,
  PlatformWithEndpoint,
  supportedCurrency as currency,
} from '@payments/testing';
import { business, csvOf, individual, onDomain, runLabel } from '@bulk-import/csv/__tests__/csv-fixtures';

/** Exactly the bulk CSV columns of the public interface (docs/api.md#bulk-import), none of this service's. */
const DOCUMENTED_COLUMNS = (
  'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,addressLine2,city,state,' +
  'postalCode,country,platformAccountId,description,email,businessLegalName,businessRegistrationNumber,' +
  'businessTaxId'
).split(',');

/**
 * A file in the documented format imports on a platform whose cross-border currency (MXN) requires a
 * nationality the format has no column for: each customer is created, the job names what it lacks,
 * and its MXN quotes and transfers ask for it until a PATCH supplies it.
 */
describe('bulk import of a file with only the documented columns, on a USD and MXN platform', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const label = runLabel();
  let platform: PlatformWithEndpoint;
  let sandbox: ApiClient;
  let umaDomain: string;

  const importFile = async (csv: string) => {
    const accepted = await sandbox.upload('/customers/bulk/csv', onDomain(csv, umaDomain));
    expect(accepted.status).toBe(202);
    return eventually(async () => {
      const { body } = await sandbox.get(`/customers/bulk/jobs/${accepted.body.jobId}`);
      return body.status === 'COMPLETED' || body.status === 'FAILED' ? body : undefined;
    });
  };
  const customerOf = async (platformCustomerId: string) =>
    (await sandbox.get(`/customers?platformCustomerId=${platformCustomerId}`)).body.data[0];
  const internalAccount = (customerId: string, code: string) =>
    eventually(async () => {
      const page = await sandbox.get(
        `/customers/internal-accounts?customerId=${customerId}&currency=${code}`,
      );
      return page.body.data?.[0]?.id as string | undefined;
    });

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    sandbox = platform.sandbox;
    const configured = await sandbox.patch('/config', {
      supportedCurrencies: [currency('USD'), currency('MXN')],
    });
    expect(configured.status).toBe(200);
    umaDomain = configured.body.umaDomain;
  });

  afterAll(() => platform.receiver.stop());

  describe('once imported', () => {
    let job: any;
    let customerId: string;
    let clabeAccountId: string;
    const accounts: Record<string, string> = {};

    beforeAll(async () => {
      job = await importFile(
        csvOf(
          [individual(`${label}-ada`), individual(`${label}-bob`), business(`${label}-acme`)],
          DOCUMENTED_COLUMNS,
        ),
      );
      customerId = (await customerOf(`${label}-ada`)).id;
      for (const code of ['USD', 'MXN']) accounts[code] = await internalAccount(customerId, code);
      const clabe = await sandbox.post('/customers/external-accounts', {
        customerId,
        currency: 'MXN',
        accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771', beneficiary: BENEFICIARY },
      });
      expect(clabe.status).toBe(201);
      clabeAccountId = clabe.body.id;
    });

    const quote = () =>
      sandbox.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: accounts.USD },
        destination: { destinationType: 'ACCOUNT', accountId: clabeAccountId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 10_000,
      });
    const transferOut = () =>
      sandbox.post('/transfer-out', {
        source: { accountId: accounts.MXN },
        destination: { accountId: clabeAccountId },
        amount: 100,
      });

    it('creates every row, each individual with a warning naming the nationality it lacks', async () => {
      expect(job.status).toBe('COMPLETED');
      expect(job.progress).toEqual({ total: 3, processed: 3, successful: 3, failed: 0 });
      expect(job.errors).toEqual([]);
      const ada = await customerOf(`${label}-ada`);
      const bob = await customerOf(`${label}-bob`);
      expect(job.warnings).toEqual(
        [
          [ada, 2],
          [bob, 3],
        ].map(([customer, row]) => ({
          correlationId: customer.platformCustomerId,
          code: 'MISSING_MANDATORY_USER_INFO',
          message: expect.stringContaining('NATIONALITY'),
          details: { row, customerId: customer.id, missingFields: ['NATIONALITY'] },
        })),
      );
      expect(await customerOf(`${label}-acme`)).toMatchObject({
        customerType: 'BUSINESS',
        kycStatus: 'APPROVED',
      });
    });

    it('refuses an MXN quote and transfer-out with 400 MISSING_MANDATORY_USER_INFO until a PATCH supplies the field', async () => {
      // Naming the currency that asks for the field, not USD, which does not.
      const missing = {
        code: 'MISSING_MANDATORY_USER_INFO',
        message: 'Payments in MXN require this customer information: NATIONALITY',
        details: { missingFields: ['NATIONALITY'] },
      };
      const refusedQuote = await quote();
      expect([refusedQuote.status, refusedQuote.body]).toEqual([400, expect.objectContaining(missing)]);
      const refusedTransfer = await transferOut();
      expect([refusedTransfer.status, refusedTransfer.body]).toEqual([400, expect.objectContaining(missing)]);
      const patched = await sandbox.patch(`/customers/${customerId}`, {
        customerType: 'INDIVIDUAL',
        nationality: 'MX',
      });
      expect(patched.status).toBe(200);

      const priced = await quote();
      expect(priced.status).toBe(201);
      expect(priced.body).toMatchObject({ status: 'PENDING', sendingCurrency: { code: 'USD' } });
      // Past the customer's check: the empty MXN balance is what refuses it now.
      const transfer = await transferOut();
      expect(transfer.body.code).not.toBe('MISSING_MANDATORY_USER_INFO');
    });
  });

  it("imports this service's optional columns (nationality, phoneNumber) beside the documented ones, warning of nothing", async () => {
    const job = await importFile(
      csvOf(
        [individual(`${label}-cyd`, { nationality: 'MX', phoneNumber: '+5215512345678' })],
        [...DOCUMENTED_COLUMNS, 'nationality', 'phoneNumber'],
      ),
    );
    expect(job.progress).toMatchObject({ successful: 1, failed: 0 });
    expect(job.warnings).toEqual([]);
    expect(await customerOf(`${label}-cyd`)).toMatchObject({
      nationality: 'MX',
      phoneNumber: '+5215512345678',
    });
  });
});
