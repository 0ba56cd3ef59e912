import { ApiClient, Credentials } from '@payments/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';

/** Debian's chromium package, installed by the e2e set-up (scripts/lib/chromium.mjs) when missing. */
const CHROMIUM = '/usr/bin/chromium';
/** A laptop screen: the console must be usable on one. */
const VIEWPORT = { width: 1366, height: 900 };

/**
 * A real headless Chromium opening the console as a person would, with every page's CSP violations
 * and script errors collected (a strict policy fails silently in the page otherwise), and a
 * screenshot of each screen saved as the run's artefact.
 */
export class ConsoleBrowser {
  readonly pageErrors: string[] = [];
  private browser?: Browser;

  constructor(
    private readonly gatewayUrl: string,
    private readonly screenshotDir: string,
  ) {}

  async start(): Promise<void> {
    mkdirSync(this.screenshotDir, { recursive: true });
    this.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }

  async stop(): Promise<void> {
    await this.browser?.close();
  }

  /** A new tab at `path`, signed in there with `credentials`: its own memory, so its own session. */
  async signedIn(credentials: Credentials, path = '/console/transactions'): Promise<Page> {
    const page = await this.open(path);
    await signIn(page, credentials);
    await page.getByTestId('environment').waitFor();
    return page;
  }

  async open(path: string): Promise<Page> {
    const page = await this.browser!.newPage({ viewport: VIEWPORT });
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
        this.pageErrors.push(message.text());
    });
    await page.goto(`${this.gatewayUrl}${path}`);
    return page;
  }

  async screenshot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(this.screenshotDir, `${name}.png`), fullPage: true });
  }
}

export async function signIn(page: Page, { clientId, clientSecret }: Credentials): Promise<void> {
  await page.getByLabel('Client ID').fill(clientId);
  await page.getByLabel('Client secret').fill(clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A token of the platform's sandbox with these permissions, made through the API as a platform would. */
export async function newToken(
  client: ApiClient,
  permissions: string[],
): Promise<Credentials & { id: string }> {
  const response = await client.post('/tokens', { name: `console-${permissions.join('-')}`, permissions });
  expect(response.status).toBe(201);
  return { id: response.body.id, clientId: response.body.clientId, clientSecret: response.body.clientSecret };
}
