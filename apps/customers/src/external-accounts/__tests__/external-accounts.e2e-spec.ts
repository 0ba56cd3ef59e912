import { Environment } from '@payments/contracts';
import {
  ApiClient,
  ApiResponse,
  bootstrapPlatform,
  e2eStack,
  eventually,
  InternalCaller,
  newPlatformClients,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  accountOf,
  BENEFICIARY,
  FixtureAccountType as AccountType,
  VALID_ACCOUNTS,
} from '@customers/external-accounts/__tests__/account-fixtures';

function idsOf(response: ApiResponse): string[] {
  return response.body.data.map((account: { id: string }) => account.id);
}

describe('external accounts', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platformId: string;
  let sandbox: ApiClient;
  let production: ApiClient;
  let jane: string;

  /** A new individual customer of the sandbox platform, with `fullName`. */
  async function newCustomer(fullName = 'Jane Doe', client = sandbox): Promise<string> {
    const created = await client.post('/customers', {
      platformCustomerId: `customer-${randomUUID().slice(0, 8)}`,
      customerType: 'INDIVIDUAL',
      fullName,
      birthDate: '1990-01-15',
    });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  /** GET /internal/external-accounts/:accountId on the customers app itself, as the transfers app calls it. */
  function lookUp(accountId: string, environment = 'SANDBOX', platform = platformId): Promise<ApiResponse> {
    return InternalCaller.ofStack('transfers')
      .client('customers', stack.appUrls.customers, {
        platformId: platform,
        environment: environment as Environment,
      })
      .get(`/internal/external-accounts/${encodeURIComponent(accountId)}`);
  }

  beforeAll(async () => {
    ({ platformId, sandbox, production } = newPlatformClients(api));
    jane = await newCustomer();
  });

  describe('create', () => {
    it.each(Object.keys(VALID_ACCOUNTS) as AccountType[])(
      'adds a valid %s account for a customer, ACTIVE at once',
      async (accountType) => {
        const body = { ...accountOf(accountType), customerId: jane, platformAccountId: `ext-${accountType}` };
        const created = await sandbox.post('/customers/external-accounts', body);

        expect(created.status).toBe(201);
        const isWallet = accountType === 'SPARK_WALLET';
        expect(created.body).toEqual({
          id: expect.stringMatching(/^ExternalAccount:[0-9a-f-]{36}$/),
          status: 'ACTIVE',
          currency: body.currency,
          accountInfo: body.accountInfo,
          customerId: jane,
          platformAccountId: `ext-${accountType}`,
          defaultUmaDepositAccount: false,
          beneficiaryVerificationStatus: isWallet ? 'UNSUPPORTED' : 'MATCHED',
          ...(isWallet ? {} : { beneficiaryVerifiedData: { fullName: 'Jane Doe' } }),
          createdAt: expect.any(String),
          updatedAt: created.body.createdAt,
        });
        const listed = await sandbox.get(`/customers/external-accounts?customerId=${jane}&limit=100`);
        expect(listed.body.data).toContainEqual(created.body);
      },
    );

    it('stores an IBAN written in groups and lower case compact and upper-case', async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('IBAN', { iban: 'gb82 west 1234 5698 7654 32', swiftBic: 'westgb2l' }),
        customerId: jane,
      });
      expect(created.status).toBe(201);
      expect(created.body.accountInfo).toMatchObject({
        iban: 'GB82WEST12345698765432',
        swiftBic: 'WESTGB2L',
      });
    });

    it("accepts an IBAN of any registered country, such as Kuwait's", async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('IBAN', { iban: 'KW81CBKU0000000000001234560101', swiftBic: 'CBKUKWKW' }),
        customerId: jane,
      });
      expect(created.status).toBe(201);
      expect(created.body.accountInfo).toMatchObject({ iban: 'KW81CBKU0000000000001234560101' });
    });

    it.each([
      [
        'a routing number with a bad ABA check digit',
        'US_ACCOUNT',
        { routingNumber: '021000022' },
        'routingNumber',
      ],
      ['a routing number of 8 digits', 'US_ACCOUNT', { routingNumber: '02100002' }, 'routingNumber'],
      ['an account number with letters', 'US_ACCOUNT', { accountNumber: '12345abc' }, 'accountNumber'],
      ['a CLABE with a bad check digit', 'CLABE', { clabeNumber: '002010077777777772' }, 'clabeNumber'],
      ['a CLABE of 17 digits', 'CLABE', { clabeNumber: '00201007777777777' }, 'clabeNumber'],
      ['a CPF with bad check digits', 'PIX', { pixKey: '52998224726' }, 'pixKey'],
      ['a CNPJ with bad check digits', 'PIX', { pixKey: '11222333000182', pixKeyType: 'CNPJ' }, 'pixKey'],
      ['a CPF given as a CNPJ', 'PIX', { pixKey: '52998224725', pixKeyType: 'CNPJ' }, 'pixKey'],
      ['a malformed email key', 'PIX', { pixKey: 'jane.doe', pixKeyType: 'EMAIL' }, 'pixKey'],
      ['a phone key outside Brazil', 'PIX', { pixKey: '+14155551234', pixKeyType: 'PHONE' }, 'pixKey'],
      ['a random key that is no UUID', 'PIX', { pixKey: 'abc-123', pixKeyType: 'RANDOM' }, 'pixKey'],
      ['an IBAN failing mod 97', 'IBAN', { iban: 'DE89370400440532013001' }, 'iban'],
      ['an IBAN of the wrong length for its country', 'IBAN', { iban: 'DE543704004405320130001' }, 'iban'],
      ['a Kuwaiti IBAN failing mod 97', 'IBAN', { iban: 'KW81CBKU0000000000001234560102' }, 'iban'],
      ['a Qatari IBAN one character short', 'IBAN', { iban: 'QA85DOHB00001234567890ABCDEF' }, 'iban'],
      ['a malformed BIC', 'IBAN', { swiftBic: 'DEUT' }, 'swiftBic'],
      ['a VPA without a handle', 'UPI', { vpa: 'jane.doe' }, 'vpa'],
      ['an empty wallet address', 'SPARK_WALLET', { address: '' }, 'address'],
    ] as [string, AccountType, object, string][])(
      'refuses %s with 400 INVALID_BANK_ACCOUNT naming the field',
      async (_case, accountType, changes, field) => {
        const response = await sandbox.post('/customers/external-accounts', {
          ...accountOf(accountType, changes),
          customerId: jane,
        });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ status: 400, code: 'INVALID_BANK_ACCOUNT' });
        expect(response.body.details.errors).toEqual([
          { field: `accountInfo.${field}`, message: expect.any(String) },
        ]);
      },
    );

    it('refuses a malformed body with 400 INVALID_INPUT, listing every bad field at once', async () => {
      const response = await sandbox.post('/customers/external-accounts', {
        currency: 'XYZ',
        accountInfo: {
          ...VALID_ACCOUNTS.US_ACCOUNT.accountInfo,
          routingNumber: 21000021,
          accountCategory: 'GOLD',
        },
        defaultUmaDepositAccount: 'yes',
        nickname: 'main',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
      expect(response.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual(
        [
          'nickname',
          'currency',
          'defaultUmaDepositAccount',
          'accountInfo.routingNumber',
          'accountInfo.accountCategory',
        ].sort(),
      );
    });

    it.each([
      ['no currency', { currency: undefined }, 'currency'],
      ['no accountInfo', { accountInfo: undefined }, 'accountInfo'],
      [
        'an unknown accountType',
        { accountInfo: { accountType: 'CARD', cardNumber: '4111' } },
        'accountInfo.accountType',
      ],
      [
        'a missing identifier',
        { accountInfo: { accountType: 'CLABE', beneficiary: BENEFICIARY } },
        'accountInfo.clabeNumber',
      ],
      [
        'an unknown pixKeyType',
        { accountInfo: accountOf('PIX', { pixKeyType: 'IBAN' }).accountInfo },
        'accountInfo.pixKeyType',
      ],
    ])('refuses a body with %s with 400 INVALID_INPUT naming the field', async (_case, changes, field) => {
      const response = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
        ...changes,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
      expect(response.body.details.errors).toEqual([{ field, message: expect.any(String) }]);
    });

    it('requires a complete individual beneficiary of every bank account type', async () => {
      for (const accountType of ['US_ACCOUNT', 'CLABE', 'PIX', 'IBAN', 'UPI'] as const) {
        const missing = await sandbox.post('/customers/external-accounts', {
          ...accountOf(accountType, { beneficiary: undefined }),
          customerId: jane,
        });
        expect(missing.status).toBe(400);
        expect(missing.body.details.errors).toEqual([
          { field: 'accountInfo.beneficiary', message: expect.any(String) },
        ]);
      }

      const incomplete = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT', {
          beneficiary: {
            ...BENEFICIARY,
            birthDate: undefined,
            beneficiaryType: 'TRUST',
            nationality: 'USA',
            address: { line1: '1 Main Street', postalCode: '98101', country: 'US' },
          },
        }),
        customerId: jane,
      });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.code).toBe('INVALID_INPUT');
      expect(incomplete.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual(
        [
          'accountInfo.beneficiary.beneficiaryType',
          'accountInfo.beneficiary.birthDate',
          'accountInfo.beneficiary.nationality',
          'accountInfo.beneficiary.address.city',
          'accountInfo.beneficiary.address.state',
        ].sort(),
      );
    });

    it('refuses a beneficiary on a wallet, which has no account holder to pay', async () => {
      const response = await sandbox.post('/customers/external-accounts', {
        ...accountOf('SPARK_WALLET', { beneficiary: BENEFICIARY }),
        customerId: jane,
      });
      expect(response.status).toBe(400);
      expect(response.body.details.errors).toEqual([
        {
          field: 'accountInfo.beneficiary',
          message: expect.stringContaining('is not a field this endpoint takes'),
        },
      ]);
    });

    it('answers 404 USER_NOT_FOUND for an unknown, malformed or deleted customer', async () => {
      const deleted = await newCustomer();
      await sandbox.delete(`/customers/${deleted}`);

      for (const customerId of [`Customer:${randomUUID()}`, 'Customer:nope', randomUUID(), deleted]) {
        const response = await sandbox.post('/customers/external-accounts', {
          ...accountOf('US_ACCOUNT'),
          customerId,
        });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('USER_NOT_FOUND');
      }
    });
  });

  describe('beneficiary verification', () => {
    it.each([
      ['MATCHED when the names are the same', 'JANE  doe', 'MATCHED'],
      ['PARTIAL_MATCH when only the last names are', 'John Doe', 'PARTIAL_MATCH'],
      ['NOT_MATCHED otherwise', 'John Smith', 'NOT_MATCHED'],
    ])("checks the beneficiary against the customer's name: %s", async (_case, fullName, status) => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('CLABE', { beneficiary: { ...BENEFICIARY, fullName } }),
        customerId: jane,
      });
      expect(created.body).toMatchObject({
        beneficiaryVerificationStatus: status,
        beneficiaryVerifiedData: { fullName: 'Jane Doe' },
      });
    });

    it("compares with a business's legal name", async () => {
      const acme = await sandbox.post('/customers', {
        platformCustomerId: `acme-${randomUUID().slice(0, 8)}`,
        customerType: 'BUSINESS',
        businessInfo: { legalName: 'Acme Corporation' },
      });
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('IBAN', { beneficiary: { ...BENEFICIARY, fullName: 'Acme Corporation' } }),
        customerId: acme.body.id,
      });
      expect(created.body.beneficiaryVerificationStatus).toBe('MATCHED');
    });
  });

  describe('default UMA deposit account', () => {
    async function defaultsOf(customerId: string): Promise<string[]> {
      const listed = await sandbox.get(`/customers/external-accounts?customerId=${customerId}&limit=100`);
      return listed.body.data
        .filter((account: { defaultUmaDepositAccount: boolean }) => account.defaultUmaDepositAccount)
        .map((account: { id: string }) => account.id);
    }

    it("replaces the customer's previous default, and leaves other customers' alone", async () => {
      const customer = await newCustomer();
      const other = await newCustomer();
      const add = (customerId: string, defaultUmaDepositAccount?: boolean) =>
        sandbox.post('/customers/external-accounts', {
          ...accountOf('US_ACCOUNT'),
          customerId,
          defaultUmaDepositAccount,
        });

      const othersDefault = await add(other, true);
      const first = await add(customer, true);
      expect(first.body.defaultUmaDepositAccount).toBe(true);
      expect(await defaultsOf(customer)).toEqual([first.body.id]);

      const notDefault = await add(customer);
      expect(notDefault.body.defaultUmaDepositAccount).toBe(false);
      expect(await defaultsOf(customer)).toEqual([first.body.id]);

      const second = await add(customer, true);
      expect(await defaultsOf(customer)).toEqual([second.body.id]);
      const replaced = (
        await sandbox.get(`/customers/external-accounts?customerId=${customer}`)
      ).body.data.find((account: { id: string }) => account.id === first.body.id);
      expect(Date.parse(replaced.updatedAt)).toBeGreaterThan(Date.parse(first.body.updatedAt));
      expect(await defaultsOf(other)).toEqual([othersDefault.body.id]);
    });

    it('keeps exactly one default when several are set at the same time', async () => {
      const customer = await newCustomer();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          sandbox.post('/customers/external-accounts', {
            ...accountOf('US_ACCOUNT'),
            customerId: customer,
            defaultUmaDepositAccount: true,
          }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
      expect(await defaultsOf(customer)).toHaveLength(1);
    });
  });

  describe("the platform's own accounts", () => {
    let owner: ApiClient;
    let usd: ApiResponse;
    let eur: ApiResponse;
    let viaCustomersPath: ApiResponse;

    beforeAll(async () => {
      owner = api.withCredentials(bootstrapPlatform().sandbox);
      usd = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        platformAccountId: 'ops',
      });
      eur = await owner.post('/platform/external-accounts', accountOf('IBAN'));
      viaCustomersPath = await owner.post('/customers/external-accounts', accountOf('SPARK_WALLET'));
    });

    it('are created with customerId null, with no name on file to check a beneficiary against', () => {
      expect(usd.status).toBe(201);
      expect(usd.body).toMatchObject({
        status: 'ACTIVE',
        customerId: null,
        platformAccountId: 'ops',
        beneficiaryVerificationStatus: 'CHECKED_BY_RECEIVING_FI',
      });
      expect(usd.body).not.toHaveProperty('beneficiaryVerifiedData');
      expect(viaCustomersPath.status).toBe(201);
      expect(viaCustomersPath.body).toMatchObject({
        customerId: null,
        beneficiaryVerificationStatus: 'UNSUPPORTED',
      });
    });

    it("are listed whole, newest first, filtered by currency, apart from the customers' accounts", async () => {
      const all = await owner.get('/platform/external-accounts');
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        data: [viaCustomersPath.body, eur.body, usd.body],
        hasMore: false,
        totalCount: 3,
      });
      expect(idsOf(await owner.get('/platform/external-accounts?currency=EUR'))).toEqual([eur.body.id]);
      expect(idsOf(await owner.get('/customers/external-accounts'))).toEqual([]);
    });

    it('have one default UMA deposit account, like a customer', async () => {
      const first = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        defaultUmaDepositAccount: true,
      });
      const second = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        defaultUmaDepositAccount: true,
      });
      const defaults = (await owner.get('/platform/external-accounts')).body.data.filter(
        (account: { defaultUmaDepositAccount: boolean }) => account.defaultUmaDepositAccount,
      );
      expect(defaults.map((account: { id: string }) => account.id)).toEqual([second.body.id]);
      expect(first.body.defaultUmaDepositAccount).toBe(true);
    });

    it('take no customerId and no page parameters', async () => {
      const withCustomer = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      expect(withCustomer.status).toBe(400);
      expect(withCustomer.body.details.errors).toEqual([
        { field: 'customerId', message: expect.any(String) },
      ]);
      expect((await owner.get('/platform/external-accounts?limit=1')).status).toBe(400);
      expect((await owner.get('/platform/external-accounts?currency=XYZ')).status).toBe(400);
    });
  });

  describe('list', () => {
    let listing: ApiClient;
    let alice: string;
    let bob: string;
    let aliceUsd: ApiResponse;
    let aliceMxn: ApiResponse;
    let bobUsd: ApiResponse;

    beforeAll(async () => {
      listing = api.withCredentials(bootstrapPlatform().sandbox);
      alice = await newCustomer('Alice Liddell', listing);
      bob = await newCustomer('Bob Builder', listing);
      aliceUsd = await listing.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: alice,
      });
      aliceMxn = await listing.post('/customers/external-accounts', {
        ...accountOf('CLABE'),
        customerId: alice,
      });
      bobUsd = await listing.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: bob,
      });
    });

    it('lists newest first, page by page, with the total on each page', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listing.get(
          `/customers/external-accounts?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        expect(page.body.totalCount).toBe(3);
        seen.push(...idsOf(page));
        cursor = page.body.nextCursor;
        expect(page.body.hasMore).toBe(cursor !== undefined);
      } while (cursor);

      expect(seen).toEqual([bobUsd.body.id, aliceMxn.body.id, aliceUsd.body.id]);
    });

    it('filters by customerId and currency', async () => {
      expect(idsOf(await listing.get(`/customers/external-accounts?customerId=${alice}`))).toEqual([
        aliceMxn.body.id,
        aliceUsd.body.id,
      ]);
      const usdOnly = await listing.get('/customers/external-accounts?currency=USD');
      expect(idsOf(usdOnly)).toEqual([bobUsd.body.id, aliceUsd.body.id]);
      expect(usdOnly.body.totalCount).toBe(2);
      expect(idsOf(await listing.get(`/customers/external-accounts?customerId=${bob}&currency=MXN`))).toEqual(
        [],
      );
    });

    it.each([
      ['a malformed customerId', 'customerId=nope', 'customerId'],
      ['an unsupported currency', 'currency=XYZ', 'currency'],
      ['limit 0', 'limit=0', 'limit'],
      ['limit 101', 'limit=101', 'limit'],
      ['a malformed cursor', 'cursor=not-a-cursor', 'cursor'],
      ['an unknown parameter', 'status=ACTIVE', 'status'],
    ])('answers a query with %s with 400 INVALID_INPUT naming the field', async (_case, query, field) => {
      const response = await listing.get(`/customers/external-accounts?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
      expect(response.body.details.errors).toEqual([{ field, message: expect.any(String) }]);
    });
  });

  describe('isolation', () => {
    it("treats another platform's customers and accounts as if they did not exist", async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      const stranger = newPlatformClients(api);

      const foreignCustomer = await stranger.sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      expect(foreignCustomer.status).toBe(404);
      expect(foreignCustomer.body.code).toBe('USER_NOT_FOUND');
      expect(idsOf(await stranger.sandbox.get(`/customers/external-accounts?customerId=${jane}`))).toEqual(
        [],
      );
      expect((await lookUp(created.body.id, 'SANDBOX', stranger.platformId)).status).toBe(404);
    });

    it('keeps sandbox and production accounts apart', async () => {
      const inProduction = await production.post('/platform/external-accounts', accountOf('US_ACCOUNT'));
      expect(inProduction.status).toBe(201);

      expect(idsOf(await sandbox.get('/platform/external-accounts'))).not.toContain(inProduction.body.id);
      expect(idsOf(await production.get('/platform/external-accounts'))).toEqual([inProduction.body.id]);
      expect((await lookUp(inProduction.body.id, 'SANDBOX')).status).toBe(404);
      expect((await lookUp(inProduction.body.id, 'PRODUCTION')).status).toBe(200);

      const sandboxCustomerInProduction = await production.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      expect(sandboxCustomerInProduction.status).toBe(404);
    });
  });

  describe('internal lookup', () => {
    it('shows the account with its type, the identifier the rail pays to and whether it can be pulled from', async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });

      const response = await lookUp(created.body.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...created.body,
        accountType: 'US_ACCOUNT',
        primaryIdentifier: '123456789',
        pullCapable: true,
      });
    });

    it.each([
      ['CLABE', '002010077777777771'],
      ['PIX', '52998224725'],
      ['IBAN', 'DE89370400440532013000'],
      ['UPI', 'jane.doe@okbank'],
      ['SPARK_WALLET', VALID_ACCOUNTS.SPARK_WALLET.accountInfo.address],
    ] as [AccountType, string][])(
      'reads the %s identifier %s, never pullable',
      async (accountType, identifier) => {
        const created = await sandbox.post('/customers/external-accounts', {
          ...accountOf(accountType),
          customerId: jane,
        });
        expect((await lookUp(created.body.id)).body).toMatchObject({
          accountType,
          primaryIdentifier: identifier,
          pullCapable: false,
        });
      },
    );

    it('answers 404 ACCOUNT_NOT_FOUND for an unknown or malformed id', async () => {
      for (const accountId of [`ExternalAccount:${randomUUID()}`, 'ExternalAccount:nope', jane]) {
        const response = await lookUp(accountId);
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('ACCOUNT_NOT_FOUND');
      }
    });

    it('is not reachable through the gateway', async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('UPI'),
        customerId: jane,
      });
      const response = await sandbox.get(`/internal/external-accounts/${created.body.id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    });
  });

  describe('bank link (Plaid)', () => {
    async function linkToken(customerId = jane): Promise<string> {
      const response = await sandbox.post('/plaid/link-tokens', { customerId });
      expect(response.status).toBe(200);
      return response.body.linkToken;
    }

    it('issues a link token with its expiry and the public callback URL', async () => {
      const before = Date.now();
      const response = await sandbox.post('/plaid/link-tokens', { customerId: jane });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        linkToken: expect.stringMatching(/^link-sandbox-[0-9a-f-]{36}$/),
        expiration: expect.any(String),
        callbackUrl: expect.stringMatching(/^https?:\/\/.+\/2025-10-13\/plaid\/callback\/link-sandbox-/),
        requestId: expect.any(String),
      });
      expect(response.body.callbackUrl.endsWith(`/plaid/callback/${response.body.linkToken}`)).toBe(true);
      expect(Date.parse(response.body.expiration)).toBeGreaterThan(before + 25 * 60_000);
    });

    it('answers 404 USER_NOT_FOUND for a link token of an unknown customer', async () => {
      const response = await sandbox.post('/plaid/link-tokens', { customerId: `Customer:${randomUUID()}` });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('USER_NOT_FOUND');
    });

    it('creates a PENDING US account at the callback, which turns ACTIVE on its own', async () => {
      const token = await linkToken();
      const pending = await sandbox.post(`/plaid/callback/${token}`, {
        publicToken: `public-sandbox-${randomUUID()}`,
        accountId: 'plaid-account-1',
      });

      expect(pending.status).toBe(202);
      expect(pending.body).toMatchObject({
        status: 'PENDING',
        currency: 'USD',
        customerId: jane,
        defaultUmaDepositAccount: false,
        beneficiaryVerificationStatus: 'PENDING',
        accountInfo: {
          accountType: 'US_ACCOUNT',
          accountNumber: expect.stringMatching(/^\d{12}$/),
          routingNumber: expect.stringMatching(/^\d{9}$/),
          accountCategory: 'CHECKING',
          bankName: expect.any(String),
          beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' },
        },
      });

      const active = await eventually(async () => {
        const account = (await lookUp(pending.body.id)).body;
        return account.status === 'ACTIVE' ? account : undefined;
      });
      expect(active).toMatchObject({
        accountInfo: pending.body.accountInfo,
        beneficiaryVerificationStatus: 'MATCHED',
        beneficiaryVerifiedData: { fullName: 'Jane Doe' },
        pullCapable: true,
      });
      const listed = await sandbox.get(`/customers/external-accounts?customerId=${jane}&limit=100`);
      expect(listed.body.data).toContainEqual(
        expect.objectContaining({ id: pending.body.id, status: 'ACTIVE' }),
      );
    });

    it("ends the account number in the public token's last three digits, to choose a rail failure", async () => {
      const pending = await sandbox.post(`/plaid/callback/${await linkToken()}`, {
        publicToken: 'public-sandbox-insufficient-funds-002',
      });
      expect(pending.status).toBe(202);
      expect((await lookUp(pending.body.id)).body.primaryIdentifier).toMatch(/002$/);
    });

    it('answers 409 CONFLICT when a link token is used again', async () => {
      const token = await linkToken();
      expect(
        (await sandbox.post(`/plaid/callback/${token}`, { publicToken: 'public-sandbox-a' })).status,
      ).toBe(202);

      const again = await sandbox.post(`/plaid/callback/${token}`, { publicToken: 'public-sandbox-b' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('CONFLICT');
    });

    it("answers 404 for an unknown, another platform's or an expired link token", async () => {
      const stranger = newPlatformClients(api);
      const expired = await linkToken();
      const database = new Client({ connectionString: stack.databaseUrl });
      await database.connect();
      try {
        await database.query(
          `UPDATE customers.link_tokens SET expires_at = now() - interval '1 second' WHERE token = $1`,
          [expired],
        );
      } finally {
        await database.end();
      }

      for (const [client, token] of [
        [sandbox, `link-sandbox-${randomUUID()}`],
        [stranger.sandbox, await linkToken()],
        [sandbox, expired],
      ] as [ApiClient, string][]) {
        const response = await client.post(`/plaid/callback/${token}`, { publicToken: 'public-sandbox-c' });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('NOT_FOUND');
      }
    });

    it('refuses a callback without a public token with 400 INVALID_INPUT', async () => {
      const response = await sandbox.post(`/plaid/callback/${await linkToken()}`, {
        accountId: 'plaid-account-1',
      });
      expect(response.status).toBe(400);
      expect(response.body.details.errors).toEqual([{ field: 'publicToken', message: expect.any(String) }]);
    });
  });
});
