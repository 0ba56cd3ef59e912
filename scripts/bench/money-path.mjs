// The money path: payments from funded accounts by concurrent clients for a fixed time, with a
// local webhook receiver measuring request → COMPLETED webhook, then the ledger's invariants. Two
// scenarios: same-currency transfer-out (issue 3), USD → MXN quote + execute (issue 4) and incoming
// sandbox payments approved by the receiver (issue 19, scripts/bench/incoming.mjs).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { BENEFICIARY, individualCustomer, WIDE_CURRENCIES } from '../lib/fixtures.mjs';
import { percentile, waitUntil } from './api.mjs';
import { hostCpuMeter } from './host-cpu.mjs';
import { processCpuMeter } from './process-cpu.mjs';
import { answerTo, INCOMING_SCENARIO } from './incoming.mjs';

const CLIENTS = 50;
const TRANSFER_AMOUNT = 100;
const FUNDING_AMOUNT = 10_000_000_000;
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * What one client does in a loop: `pay` makes one payment and answers the id of the transaction
 * whose COMPLETED webhook ends it (or a status code it was refused with); `calls` is how many API
 * calls that took.
 */
const SCENARIOS = {
  'transfer-out': {
    title: 'transfer-out',
    destination: { currency: 'USD', accountInfo: (index) => usAccount(index) },
    calls: 1,
    async pay(api, { internalAccountId, externalAccountId }) {
      const response = await api.call(
        'POST',
        '/transfer-out',
        {
          source: { accountId: internalAccountId },
          destination: { accountId: externalAccountId },
          amount: TRANSFER_AMOUNT,
        },
        { 'idempotency-key': randomUUID() },
      );
      return response.status === 201 ? { transactionId: response.body.id } : { refused: response.status };
    },
  },
  quotes: {
    title: 'POST /quotes + execute (USD → MXN)',
    destination: { currency: 'MXN', accountInfo: () => clabeAccount() },
    calls: 2,
    async pay(api, { internalAccountId, externalAccountId }) {
      const quote = await api.call(
        'POST',
        '/quotes',
        {
          source: { sourceType: 'ACCOUNT', accountId: internalAccountId },
          destination: { destinationType: 'ACCOUNT', accountId: externalAccountId },
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: TRANSFER_AMOUNT * 10,
        },
        { 'idempotency-key': randomUUID() },
      );
      if (quote.status !== 201) return { refused: quote.status };
      const executed = await api.call('POST', `/quotes/${quote.body.quoteId}/execute`, undefined, {
        'idempotency-key': randomUUID(),
      });
      return executed.status === 200
        ? { transactionId: executed.body.transactionId }
        : { refused: executed.status };
    },
  },
  incoming: INCOMING_SCENARIO,
};

/**
 * The load runs `warmupSeconds` before the `durationSeconds` it measures, without a pause between
 * them: fresh processes spend their first seconds compiling their hot code (V8's optimizing
 * compiler took 14% of the machine 5-15 s into a load, 2% after 35 s), which a service that has
 * run for a while no longer does. Figures count the payments requested in the measured window;
 * lost and duplicated webhooks are counted over every payment, the warm-up's included.
 */
export async function benchMoneyPath({
  api,
  env,
  durationSeconds,
  warmupSeconds,
  log,
  root,
  scenario: scenarioName = 'transfer-out',
}) {
  const scenario = SCENARIOS[scenarioName];
  const receiver = await startReceiver();
  try {
    await api.must('PATCH', '/config', {
      webhookEndpoint: receiver.url,
      supportedCurrencies: WIDE_CURRENCIES,
    });
    const pairs = await prepareAccounts(api, log, scenario);
    receiver.reset();
    log(
      `${scenario.title} by ${CLIENTS} clients for ${durationSeconds} s after ${warmupSeconds} s of warm-up`,
    );
    const warmupRequested = new Set();
    const requested = new Map();
    const apiLatencies = [];
    const failures = {};
    const measuredFrom = performance.now() + warmupSeconds * 1000;
    const deadline = measuredFrom + durationSeconds * 1000;
    /** @type {ReturnType<typeof hostCpuMeter> | undefined} */
    let hostCpuOfLoad;
    /** @type {ReturnType<typeof processCpuMeter> | undefined} */
    let processCpuOfLoad;
    /** The measured window on the monotonic clock V8's profiles use, in µs. */
    const window = { fromUs: 0, toUs: 0 };
    const measurement = setTimeout(() => {
      hostCpuOfLoad = hostCpuMeter();
      processCpuOfLoad = processCpuMeter();
      window.fromUs = monotonicUs();
    }, warmupSeconds * 1000);
    await Promise.all(
      pairs.map(async (pair) => {
        while (performance.now() < deadline) {
          const startedAt = performance.now();
          const outcome = await scenario.pay(api, pair);
          if (startedAt < measuredFrom) {
            if (outcome.transactionId) warmupRequested.add(outcome.transactionId);
            continue;
          }
          apiLatencies.push(performance.now() - startedAt);
          if (outcome.transactionId) requested.set(outcome.transactionId, startedAt);
          else failures[outcome.refused] = (failures[outcome.refused] ?? 0) + 1;
        }
      }),
    );
    clearTimeout(measurement);
    const hostCpu = hostCpuOfLoad?.stop() ?? null;
    const cpuMsByPart = processCpuOfLoad?.stop() ?? null;
    window.toUs = monotonicUs();
    const allRequested = [...warmupRequested, ...requested.keys()];
    log(`${requested.size} payments accepted in the measured window; waiting for every webhook`);
    await waitUntil(
      () => allRequested.every((id) => receiver.completedAt.has(id)),
      DRAIN_TIMEOUT_MS,
      'the last webhooks',
    ).catch(() => undefined);
    const toWebhook = [...requested]
      .filter(([id]) => receiver.completedAt.has(id))
      .map(([id, at]) => receiver.completedAt.get(id) - at);
    const completed = toWebhook.length;
    apiLatencies.sort((a, b) => a - b);
    toWebhook.sort((a, b) => a - b);
    const ledgerCheck = runLedgerCheck(env, root);
    return {
      scenario: scenario.title,
      apiCallsPerPayment: scenario.calls,
      clients: CLIENTS,
      durationSeconds,
      warmupSeconds,
      warmupAccepted: warmupRequested.size,
      accepted: requested.size,
      completed,
      completedPerSecond: Math.round(completed / durationSeconds),
      lost: allRequested.filter((id) => !receiver.completedAt.has(id)).length,
      duplicateWebhooks: receiver.duplicates,
      rejectedRequests: failures,
      apiP50Ms: round(percentile(apiLatencies, 0.5)),
      apiP99Ms: round(percentile(apiLatencies, 0.99)),
      webhookP50Ms: round(percentile(toWebhook, 0.5)),
      webhookP99Ms: round(percentile(toWebhook, 0.99)),
      ledgerCheck,
      hostCpu,
      cpuMsByPart,
      window,
    };
  } finally {
    await receiver.stop();
  }
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** One customer per client: a funded internal account and an external account to pay out to. */
async function prepareAccounts(api, log, scenario) {
  log(`preparing ${CLIENTS} funded customers`);
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, index) => {
      const customer = await api.must(
        'POST',
        '/customers',
        individualCustomer(`bench-money-${Date.now()}-${index}`),
      );
      if (scenario.needsAccounts === false) return { customerId: customer.id };
      let internalAccountId;
      await waitUntil(
        async () => {
          const page = await api.must(
            'GET',
            `/customers/internal-accounts?customerId=${customer.id}&currency=USD`,
          );
          internalAccountId = page.data[0]?.id;
          return Boolean(internalAccountId);
        },
        20_000,
        'internal accounts',
      );
      const external = await api.must('POST', '/customers/external-accounts', {
        currency: scenario.destination.currency,
        customerId: customer.id,
        accountInfo: scenario.destination.accountInfo(index),
      });
      await api.must('POST', `/sandbox/internal-accounts/${internalAccountId}/fund`, {
        amount: FUNDING_AMOUNT,
      });
      await waitUntil(
        async () => {
          const page = await api.must(
            'GET',
            `/customers/internal-accounts?customerId=${customer.id}&currency=USD`,
          );
          return page.data[0]?.balance.amount === FUNDING_AMOUNT;
        },
        30_000,
        'funding',
      );
      return { internalAccountId, externalAccountId: external.id };
    }),
  );
}

function usAccount(index) {
  return {
    accountType: 'US_ACCOUNT',
    accountNumber: `1000${String(index).padStart(6, '0')}1`,
    routingNumber: '021000021',
    accountCategory: 'CHECKING',
    bankName: 'Bench Bank',
    beneficiary: BENEFICIARY,
  };
}

function clabeAccount() {
  return { accountType: 'CLABE', clabeNumber: '002010077777777771', beneficiary: BENEFICIARY };
}

/** Answers every webhook at once and notes when each transaction's COMPLETED one arrived. */
function startReceiver() {
  const seenWebhookIds = new Set();
  const receiver = {
    completedAt: new Map(),
    duplicates: 0,
    reset() {
      receiver.completedAt.clear();
      receiver.duplicates = 0;
    },
  };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = performance.now();
      const webhook = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const answer = answerTo(webhook);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(answer ? JSON.stringify(answer) : undefined);
      if (seenWebhookIds.has(webhook.webhookId)) receiver.duplicates++;
      seenWebhookIds.add(webhook.webhookId);
      const transaction = webhook.transaction;
      if (
        (webhook.type === 'OUTGOING_PAYMENT' || webhook.type === 'INCOMING_PAYMENT') &&
        transaction?.status === 'COMPLETED' &&
        !receiver.completedAt.has(transaction.id)
      ) {
        receiver.completedAt.set(transaction.id, receivedAt);
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      receiver.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/webhooks`;
      receiver.stop = () => new Promise((done) => server.close(done));
      resolve(receiver);
    });
  });
}

function runLedgerCheck(env, root) {
  try {
    return {
      passed: true,
      report: execFileSync(process.execPath, [`${root}/scripts/ledger-check.mjs`], {
        env,
        encoding: 'utf8',
      }).trim(),
    };
  } catch (error) {
    return { passed: false, report: `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() };
  }
}

const round = (value) => (value === null ? null : Math.round(value));
