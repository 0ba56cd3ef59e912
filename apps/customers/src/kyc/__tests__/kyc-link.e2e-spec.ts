import {
  ApiClient,
  e2eStack,
  platformWithEndpoint,
  PlatformWithEndpoint,
  supportedCurrency,
  verifySignature,
  WebhookReceiver,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/** Debian's chromium package, installed by the e2e set-up (scripts/lib/chromium.mjs) when missing. */
const CHROMIUM = '/usr/bin/chromium';

/**
 * The hosted KYC page, as the end customer meets it: a real (headless) Chromium with JavaScript
 * turned off, since the form must work without it, opening the link the platform got from the API.
 */
describe('hosted KYC link', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const database = new Pool({
    connectionString: stack.databaseUrl,
    max: 1,
    options: '-c search_path=customers',
  });
  let browser: Browser;
  let context: BrowserContext;
  let platform: PlatformWithEndpoint;
  /** The platform's own page the customer returns to. */
  const returnPage = new WebhookReceiver();

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    context = await browser.newContext({ javaScriptEnabled: false });
    platform = await platformWithEndpoint(api);
    await returnPage.start('/onboarding/done');
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.receiver.stop();
    await returnPage.stop();
    await database.end();
  });

  async function newLink(platformCustomerId: string, redirect = true, client = platform.sandbox) {
    const query = new URLSearchParams({
      platformCustomerId,
      ...(redirect ? { redirectUri: returnPage.url } : {}),
    });
    const response = await client.get(`/customers/kyc-link?${query}`);
    expect(response.status).toBe(200);
    return response.body as { kycUrl: string; platformCustomerId: string; customerId?: string };
  }

  async function fillIn(page: Page, fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) {
      const control = page.getByLabel(label, { exact: true });
      if ((await control.evaluate((element) => element.tagName)) === 'SELECT')
        await control.selectOption(value);
      else await control.fill(value);
    }
  }

  const ADA = {
    'Full name': 'Ada Lovelace',
    'Date of birth': '1990-12-10',
    Nationality: 'GB',
    'Address line 1': '1 Main St',
    'Town or city': 'London',
    'Postal code': 'N1 1AA',
    Country: 'GB',
  };

  it('creates the customer from the filled-in page, redirects back and sends a signed KYC_STATUS webhook', async () => {
    const platformCustomerId = `kyc-${randomUUID()}`;
    const link = await newLink(platformCustomerId);
    expect(link).toEqual({
      kycUrl: expect.stringMatching(new RegExp(`^${stack.gatewayUrl}/kyc/[\\w-]{43}$`)),
      platformCustomerId,
    });

    const page = await context.newPage();
    const opened = await page.goto(link.kycUrl);
    expect(opened!.status()).toBe(200);
    expect(await page.title()).toBe('Verify your identity');
    await fillIn(page, ADA);
    await Promise.all([
      page.waitForURL(`${returnPage.url}**`),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(page.url()).toBe(returnPage.url);

    const [customer] = (await platform.sandbox.get(`/customers?platformCustomerId=${platformCustomerId}`))
      .body.data;
    expect(customer).toMatchObject({
      platformCustomerId,
      customerType: 'INDIVIDUAL',
      kycStatus: 'APPROVED',
      fullName: 'Ada Lovelace',
      birthDate: '1990-12-10',
      nationality: 'GB',
      address: { line1: '1 Main St', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
    });
    const webhook = await platform.receiver.waitFor(
      (body) => body?.type === 'KYC_STATUS' && body.customerId === customer.id,
    );
    expect(verifySignature(webhook.rawBody, webhook.headers['x-grid-signature'], platform.publicKeyPem)).toBe(
      true,
    );
    expect(webhook.body).toEqual({
      webhookId: expect.stringMatching(/^Webhook:/),
      type: 'KYC_STATUS',
      timestamp: expect.any(String),
      // Each attempt's own (docs/api.md#webhook-signatures).
      platformId: expect.any(String),
      environment: 'SANDBOX',
      sentAt: expect.any(String),
      customerId: customer.id,
      platformCustomerId,
      kycStatus: 'APPROVED',
    });
    expect((await newLink(platformCustomerId)).customerId).toBe(customer.id);

    // The link works once: opened again, it says so in a page of its own.
    const reused = await page.goto(link.kycUrl);
    expect(reused!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Link already used');
    await page.close();
  });

  // A customer imported without a nationality is one (docs/api.md#bulk-import); so is one created before
  // the platform enabled a currency that requires it, which is how this test makes one.
  it('completes an existing customer lacking what a currency requires, keeping its status, then says it is verified', async () => {
    const other = await platformWithEndpoint(api);
    const platformCustomerId = `kyc-${randomUUID()}`;
    const created = await other.sandbox.post('/customers', {
      platformCustomerId,
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Byron',
      birthDate: '1990-12-10',
    });
    expect(created.status).toBe(201);
    const configured = await other.sandbox.patch('/config', {
      supportedCurrencies: [supportedCurrency('USD'), supportedCurrency('MXN')],
    });
    expect(configured.status).toBe(200);
    const link = await newLink(platformCustomerId, true, other.sandbox);
    expect(link.customerId).toBe(created.body.id);

    const page = await context.newPage();
    expect((await page.goto(link.kycUrl))!.status()).toBe(200);
    await fillIn(page, { ...ADA, Nationality: 'MX' });
    await Promise.all([
      page.waitForURL(`${returnPage.url}**`),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);

    const customer = (await other.sandbox.get(`/customers/${created.body.id}`)).body;
    expect(customer).toMatchObject({
      kycStatus: 'APPROVED',
      fullName: 'Ada Lovelace',
      nationality: 'MX',
      address: { line1: '1 Main St', country: 'GB' },
    });
    const again = await newLink(platformCustomerId, true, other.sandbox);
    expect((await page.goto(again.kycUrl))!.status()).toBe(409);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Already verified');
    await page.close();
    await other.receiver.stop();
  });

  it('shows what is wrong beside each field and keeps what was typed, then accepts the corrected form', async () => {
    const platformCustomerId = `kyc-${randomUUID()}`;
    const link = await newLink(platformCustomerId);
    const page = await context.newPage();
    await page.goto(link.kycUrl);
    await fillIn(page, { ...ADA, 'Full name': '', 'Date of birth': '2999-01-01' });
    await page.getByRole('button', { name: 'Submit' }).click();

    expect(await page.title()).toBe('Error: Verify your identity');
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link').allTextContents()).resolves.toEqual([
      'Enter your full name',
      'Date of birth must be a real past date in YYYY-MM-DD format',
    ]);
    const birthDate = page.getByLabel('Date of birth', { exact: true });
    expect(await birthDate.getAttribute('aria-invalid')).toBe('true');
    expect(await birthDate.inputValue()).toBe('2999-01-01');
    const describedBy = (await birthDate.getAttribute('aria-describedby'))!.split(' ');
    const message = await page.locator(`#${describedBy.find((id) => id.endsWith('-error'))}`).textContent();
    expect(message).toContain('must be a real past date');
    expect(await page.getByLabel('Town or city', { exact: true }).inputValue()).toBe('London');
    expect(
      (await platform.sandbox.get(`/customers?platformCustomerId=${platformCustomerId}`)).body.totalCount,
    ).toBe(0);

    await fillIn(page, { 'Full name': 'Ada Lovelace', 'Date of birth': '1990-12-10' });
    await Promise.all([
      page.waitForURL(`${returnPage.url}**`),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(
      (await platform.sandbox.get(`/customers?platformCustomerId=${platformCustomerId}`)).body.totalCount,
    ).toBe(1);
    await page.close();
  });

  it('rejects a full name containing "reject" in sandbox, and thanks the customer when there is no redirect', async () => {
    const platformCustomerId = `kyc-${randomUUID()}`;
    const link = await newLink(platformCustomerId, false);
    const page = await context.newPage();
    await page.goto(link.kycUrl);
    await fillIn(page, { ...ADA, 'Full name': 'Ada Reject Lovelace' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you');

    const [customer] = (await platform.sandbox.get(`/customers?platformCustomerId=${platformCustomerId}`))
      .body.data;
    expect(customer.kycStatus).toBe('REJECTED');
    const webhook = await platform.receiver.waitFor(
      (body) => body?.type === 'KYC_STATUS' && body.customerId === customer.id,
    );
    expect(webhook.body.kycStatus).toBe('REJECTED');
    await page.close();
  });

  it('shows an expired or unknown link as a page of its own', async () => {
    const link = await newLink(`kyc-${randomUUID()}`);
    const token = link.kycUrl.split('/').pop()!;
    await database.query(
      `UPDATE kyc_links SET expires_at = now() - interval '1 second' WHERE token_hash = sha256($1::bytea)`,
      [Buffer.from(token)],
    );
    const page = await context.newPage();
    const expired = await page.goto(link.kycUrl);
    expect(expired!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Link expired');
    const unknown = await page.goto(`${stack.gatewayUrl}/kyc/${'x'.repeat(43)}`);
    expect(unknown!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Link not found');
    await page.close();
  });

  it('refuses a link without platformCustomerId or with a redirectUri that is not http(s)', async () => {
    const missing = await platform.sandbox.get('/customers/kyc-link');
    expect([missing.status, missing.body.code]).toEqual([400, 'INVALID_INPUT']);
    const script = await platform.sandbox.get(
      '/customers/kyc-link?platformCustomerId=x&redirectUri=javascript:alert(1)',
    );
    expect([script.status, script.body.details.errors[0].field]).toEqual([400, 'redirectUri']);
  });
});
