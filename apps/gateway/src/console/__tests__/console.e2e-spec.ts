import {
  ApiClient,
  e2eStack,
  eventually,
  fund,
  newCustomer,
  platformWithEndpoint,
  PlatformWithEndpoint,
  settled,
  usBankAccount,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { ConsoleBrowser, newToken, signIn } from './console-browser';

/**
 * The console as a platform's support person uses it, in a real Chromium against the whole stack:
 * everything it shows comes through the public API with the credentials typed into it.
 */
describe('console in Chromium', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const browser = new ConsoleBrowser(stack.gatewayUrl, join(dirname(stack.logDir), 'console-screenshots'));
  let platform: PlatformWithEndpoint;
  let operator: Awaited<ReturnType<typeof newToken>>;
  let viewer: Awaited<ReturnType<typeof newToken>>;

  beforeAll(async () => {
    await browser.start();
    platform = await platformWithEndpoint(api);
    operator = await newToken(platform.sandbox, ['VIEW', 'TRANSACT', 'MANAGE']);
    viewer = await newToken(platform.sandbox, ['VIEW']);
  });

  afterAll(async () => {
    await browser.stop();
    await platform?.receiver.stop();
  });

  afterEach(() => {
    // A script error or a Content-Security-Policy violation in any page fails the test that caused it.
    expect(browser.pageErrors.splice(0)).toEqual([]);
  });

  async function transferOut(amount: number): Promise<string> {
    const customer = await newCustomer(platform.sandbox, 'console');
    await fund(platform.sandbox, customer.internalAccountId, 100_000);
    const externalAccountId = await usBankAccount(platform.sandbox, customer.customerId);
    const transfer = await platform.sandbox.post(
      '/transfer-out',
      {
        source: { accountId: customer.internalAccountId },
        destination: { accountId: externalAccountId },
        amount,
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(transfer.status).toBe(201);
    return transfer.body.id;
  }

  const transactionLink = (page: Page, transactionId: string) =>
    page.getByRole('link', { name: transactionId });

  it('finds a transfer-out in the list and opens it COMPLETED, with its timeline, ledger entries and webhook attempts', async () => {
    const transactionId = await transferOut(12_345);
    await settled(platform.sandbox, transactionId);
    await platform.receiver.waitFor(
      (body) => body?.transaction?.id === transactionId && body.transaction.status === 'COMPLETED',
    );

    const page = await browser.signedIn(operator);
    await page.getByRole('link', { name: transactionId }).waitFor();
    await expect(page.getByTestId('environment').textContent()).resolves.toBe('SANDBOX');
    await browser.screenshot(page, 'transactions');
    await transactionLink(page, transactionId).click();

    await page
      .getByRole('heading', { name: /Transaction Transaction:/ })
      .getByText('COMPLETED')
      .waitFor();
    expect(page.url()).toBe(`${stack.gatewayUrl}/console/transactions/${encodeURIComponent(transactionId)}`);
    await page.getByText('123.45 USD').first().waitFor();
    const timeline = page.getByRole('table', { name: 'States, oldest first' });
    await timeline.getByText('COMPLETED').waitFor();
    const ledger = page.getByRole('table', { name: 'Double-entry postings, in order' });
    await ledger.getByRole('row').nth(1).waitFor();
    const attempts = page.getByRole('table', { name: 'Attempts of OUTGOING_PAYMENT' });
    await attempts.first().getByRole('cell', { name: '200', exact: true }).first().waitFor();
    await browser.screenshot(page, 'transaction-detail');
  });

  it('shows a delivery FAILED while the endpoint fails, and DELIVERED once redelivered from the page', async () => {
    platform.receiver.respondWith(() => ({ status: 503 }));
    const transactionId = await transferOut(500);
    const failed = await eventually(
      async () => {
        const page = await platform.sandbox.get(
          `/webhooks/deliveries?status=FAILED&transactionId=${transactionId}`,
        );
        return page.body.data[0]?.id as string | undefined;
      },
      { timeoutMs: 30_000 },
    );
    platform.receiver.respondWith(() => ({ status: 200 }));

    const page = await browser.signedIn(operator, '/console/webhooks');
    await page.getByLabel('Status').selectOption('FAILED');
    await page.getByLabel('Transaction').fill(transactionId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('link', { name: failed }).click();
    const delivery = page.getByRole('article', { name: `Webhook ${failed}` });
    await delivery.getByRole('heading').getByText('FAILED').waitFor();
    await delivery.getByRole('cell', { name: '503', exact: true }).first().waitFor();
    await browser.screenshot(page, 'webhook-failed');

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await delivery.getByRole('heading').getByText('DELIVERED').waitFor({ timeout: 20_000 });
    await delivery.getByRole('cell', { name: '200', exact: true }).first().waitFor();
    await browser.screenshot(page, 'webhook-redelivered');
  });

  it('approves an incoming payment awaiting approval', async () => {
    const customer = await newCustomer(platform.sandbox, 'console-recipient');
    platform.receiver.respondWith((request) =>
      request.body?.type === 'INCOMING_PAYMENT' && request.body.transaction?.status === 'PENDING'
        ? { status: 202 }
        : { status: 200 },
    );
    // Signed in and on the list of waiting payments first: the decision must come within the approval window.
    const page = await browser.signedIn(operator, '/console/transactions?type=INCOMING&status=PENDING');
    const received = await platform.sandbox.post(
      '/sandbox/uma/receive',
      {
        senderUmaAddress: '$sam@sandbox.grid.uma.money',
        receivingCurrencyCode: 'USD',
        receivingCurrencyAmount: 2_500,
        customerId: customer.customerId,
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(received.status).toBe(200);
    const transactionId: string = received.body.id;
    await platform.receiver.waitFor(
      (body) => body?.type === 'INCOMING_PAYMENT' && body.transaction?.id === transactionId,
    );

    await page.getByRole('button', { name: 'Refresh' }).click();
    await transactionLink(page, transactionId).click();
    await page.getByLabel('FULL_NAME (required)').fill('Ada Lovelace');
    await page.getByLabel('BIRTH_DATE (required)').fill('1985-12-10');
    await browser.screenshot(page, 'approval');
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await page
      .getByRole('heading', { name: /Transaction Transaction:/ })
      .getByText('COMPLETED')
      .waitFor({ timeout: 20_000 });
    expect((await settled(platform.sandbox, transactionId)).status).toBe('COMPLETED');
  });

  it('serves its page for every route under a strict policy, and no stale bundle as the page', async () => {
    const deepLink = await fetch(`${stack.gatewayUrl}/console/transactions/Transaction:${randomUUID()}`);
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(deepLink.headers.get('cache-control')).toBe('no-store');
    const policy = deepLink.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
    expect(deepLink.headers.get('x-frame-options')).toBe('DENY');
    const bundle = /src="(\/console\/app-[A-Z0-9]+\.js)"/.exec(await deepLink.text())![1];
    const script = await fetch(`${stack.gatewayUrl}${bundle}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-security-policy')).toBe(policy);
    expect((await fetch(`${stack.gatewayUrl}/console/app-STALE.js`)).status).toBe(404);
    const bare = await fetch(`${stack.gatewayUrl}/console`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/console/');
  });

  it('finds a customer with its balance, adds a fee rule and shows the change in the audit log', async () => {
    const customer = await newCustomer(platform.sandbox, 'console-lookup');
    await fund(platform.sandbox, customer.internalAccountId, 98_765);
    const page = await browser.signedIn(operator, '/console/customers');
    await page.getByLabel('Your customer id').fill(customer.platformCustomerId);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: customer.platformCustomerId }).click();
    await page.getByRole('table', { name: 'Internal accounts' }).getByText('987.65 USD').waitFor();
    await browser.screenshot(page, 'customer');

    await page.getByRole('link', { name: 'Fee rules' }).click();
    await page.getByLabel('Transaction type').selectOption('TRANSFER_IN');
    await page.getByLabel('Fixed fee (US cents)').fill('45');
    await page.getByRole('button', { name: 'Create fee rule' }).click();
    await page.getByRole('table', { name: 'Fee rules' }).getByText('0.45 USD').waitFor();
    await browser.screenshot(page, 'fee-rules');

    await page.getByRole('link', { name: 'Audit log' }).click();
    const writes = page.getByRole('table', { name: 'Writes, newest first' });
    await writes.getByText('POST /fee-rules').first().waitFor();
    await writes.getByText('console-VIEW-TRANSACT-MANAGE').first().waitFor();
    await browser.screenshot(page, 'audit-log');
  });

  it('refuses a wrong secret with the API message and its requestId', async () => {
    const page = await browser.open('/console/');
    await signIn(page, { clientId: operator.clientId, clientSecret: 'not-the-secret' });
    const alert = page.getByRole('alert');
    await alert.getByText('401 UNAUTHORIZED').waitFor();
    await expect(alert.getByText('requestId').textContent()).resolves.toMatch(/requestId [0-9a-f-]{36}/);
    await expect(page.getByTestId('environment').count()).resolves.toBe(0);
    await browser.screenshot(page, 'sign-in-refused');
  });

  it('shows a VIEW token no button the API would refuse it', async () => {
    const [delivery] = (await platform.sandbox.get('/webhooks/deliveries?limit=1')).body.data;
    const page = await browser.signedIn(viewer, '/console/webhooks?status=FAILED');
    await page.getByRole('table', { name: 'Webhooks, newest first' }).waitFor();
    await expect(page.getByRole('button', { name: 'Redeliver all matching…' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: delivery.id }).click();
    await page
      .getByRole('article', { name: `Webhook ${delivery.id}` })
      .getByText('Attempts')
      .first()
      .waitFor();
    await expect(page.getByRole('button', { name: 'Redeliver' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Tokens' }).click();
    await page.getByRole('table', { name: 'Tokens, newest first' }).getByText(viewer.clientId).waitFor();
    await expect(page.getByRole('button', { name: 'Create token' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await browser.screenshot(page, 'view-token');
  });
});
