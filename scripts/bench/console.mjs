// The console's weight and speed: its bundle (raw and as served with brotli), and in a real Chromium the
// time from opening /console to a usable sign-in form, and from pressing "Sign in" to the list of
// 100 transactions on screen, median of several cold tabs (the typing in between is the user's).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { ensureChromium } from '../lib/chromium.mjs';
import { CONSOLE_OUTPUT } from '../lib/console-build.mjs';
import { individualCustomer } from '../lib/fixtures.mjs';

const TRANSACTIONS = 100;
const ROUNDS = 7;

export async function benchConsole({ api, gatewayUrl, credentials, log }) {
  const bundle = bundleSizes();
  log(`console bundle: ${kib(bundle.rawBytes)} KiB, ${kib(bundle.brotliBytes)} KiB as served with brotli`);
  await seedTransactions(api);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: ensureChromium({ log }), args: ['--no-sandbox'] });
  const rounds = [];
  try {
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await openList(browser, gatewayUrl, credentials));
  } finally {
    await browser.close();
  }
  const median = (key) => rounds.map((round) => round[key]).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
  const figures = { bundle, rounds: ROUNDS, signInFormMs: median('signInFormMs'), listMs: median('listMs') };
  log(
    `console: sign-in form in ${figures.signInFormMs} ms, 100 transactions listed ${figures.listMs} ms after sign-in`,
  );
  return figures;
}

/** The page, script and stylesheet, and what a browser downloads of them: brotli where built, else raw. */
function bundleSizes() {
  const files = readdirSync(CONSOLE_OUTPUT).filter((name) => !/\.(map|br|gz)$/.test(name));
  const size = (name) => statSync(`${CONSOLE_OUTPUT}/${name}`).size;
  const served = (name) => (existsSync(`${CONSOLE_OUTPUT}/${name}.br`) ? size(`${name}.br`) : size(name));
  return {
    files: files.length,
    rawBytes: files.reduce((sum, name) => sum + size(name), 0),
    brotliBytes: files.reduce((sum, name) => sum + served(name), 0),
  };
}

/** One customer account funded 100 times: 100 INCOMING transactions to list. */
async function seedTransactions(api) {
  const customer = await api.must('POST', '/customers', individualCustomer(`bench-console-${Date.now()}`));
  let account;
  for (let tries = 0; !account && tries < 100; tries++) {
    const page = await api.must('GET', `/customers/internal-accounts?customerId=${customer.id}&currency=USD`);
    account = page.data[0];
    if (!account) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!account) throw new Error('the customer has no USD account after 10 s');
  for (let count = 0; count < TRANSACTIONS; count++) {
    await api.must('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: 1_000 + count });
  }
}

async function openList(browser, gatewayUrl, { clientId, clientSecret }) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const opened = Date.now();
    await page.goto(`${gatewayUrl}/console/transactions?limit=${TRANSACTIONS}`);
    await page.getByLabel('Client ID').fill(clientId);
    const signInFormMs = Date.now() - opened;
    await page.getByLabel('Client secret').fill(clientSecret);
    const signedIn = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .locator('tbody tr')
      .nth(TRANSACTIONS - 1)
      .waitFor();
    return { signInFormMs, listMs: Date.now() - signedIn };
  } finally {
    await context.close();
  }
}

const kib = (bytes) => (bytes / 1024).toFixed(1);

export function summarizeConsole(figures) {
  return [
    `console bundle           ${kib(figures.bundle.rawBytes)} KiB (${kib(figures.bundle.brotliBytes)} KiB with brotli) in ${figures.bundle.files} files`,
    `console sign-in form     ${figures.signInFormMs} ms from opening /console (median of ${figures.rounds} cold tabs)`,
    `console 100 transactions ${figures.listMs} ms from "Sign in" to the last row on screen`,
  ];
}
