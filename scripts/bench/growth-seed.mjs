// The growth benchmark's history: customers through the product's bulk CSV import, then executed
// quotes written in large batches by the apps' own statements (growth-stores.mjs), each as the money
// path leaves it: the quote COMPLETED, its transaction COMPLETED with its status history and closed
// rail attempt, its RESERVE and SETTLE postings, and its latest webhook DELIVERED. One payment in
// IN_FLIGHT_EVERY stays PENDING on a slow rail, as some always are.
import { randomUUID } from 'node:crypto';
import { BENEFICIARY } from '../lib/fixtures.mjs';
import { waitUntil } from './api.mjs';
import { importCustomersCsv, ledgerCatchUp } from './bulk-import.mjs';

/** Payments written per round: each step is one call of a store's batch statement (quotes: 200 a statement). */
const BATCH = 2_000;
/** Rounds written at the same time: while one waits for Postgres, the other's rows are built here. */
const LANES = 2;
const IN_FLIGHT_EVERY = 1_000;
/** The seeded rail answers after an hour: the stack's settlement worker leaves the seeded payments alone. */
const SLOW_RAIL = { answer: 'SETTLE', delayMs: 3_600_000, firstLookInMs: 3_600_000 };
const FUNDING_AMOUNT = 10_000_000_000;
const QUOTED_AMOUNT = 1_000;
const PROGRESS_EVERY_MS = 15_000;
/** What stands for the seeded webhooks' one attempt: the endpoint answered 200 at once. */
const DELIVERED_ANSWER = { responseStatus: 200, responseBody: '', durationMs: 2 };

/** Imports `rows` customers as `<label>-<index>` and waits until the ledger has opened their accounts. */
export async function importCustomers({ api, env, platformId, label, rows, accountsExpected, log }) {
  const imported = await importCustomersCsv({
    gateway: api.pool,
    authorization: api.authorization,
    label,
    rows,
    log,
  });
  if (imported.status !== 'COMPLETED' || imported.failed > 0)
    throw new Error(
      `the import of ${rows} customers ended ${imported.status} with ${imported.failed} failed rows`,
    );
  const ledgerSeconds = await ledgerCatchUp(
    env.DATABASE_URL,
    platformId,
    imported.startedAt,
    accountsExpected,
  );
  if (ledgerSeconds === null) throw new Error(`the ledger did not open ${accountsExpected} accounts in time`);
  log(
    `customers: ${rows} imported in ${imported.totalSeconds} s (${imported.rowsPerSecond} rows/s), their accounts open after ${ledgerSeconds} s`,
  );
  return imported.jobId;
}

/**
 * The payments' senders: the first `count` imported customers, each with an MXN bank account to pay
 * and its USD account funded through the sandbox, all through the API.
 */
export async function prepareSenders(api, { label, count }) {
  const senders = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const platformCustomerId = `${label}-${index}`;
      const [customer] = (await api.must('GET', `/customers?platformCustomerId=${platformCustomerId}`)).data;
      const [account] = (
        await api.must('GET', `/customers/internal-accounts?customerId=${customer.id}&currency=USD`)
      ).data;
      const external = await api.must('POST', '/customers/external-accounts', {
        currency: 'MXN',
        customerId: customer.id,
        accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771', beneficiary: BENEFICIARY },
      });
      await api.must('POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: FUNDING_AMOUNT });
      return {
        customerId: customer.id,
        platformCustomerId,
        internalAccountId: account.id,
        externalAccountId: external.id,
      };
    }),
  );
  const funded = async ({ customerId }) =>
    (await api.must('GET', `/customers/internal-accounts?customerId=${customerId}&currency=USD`)).data[0]
      ?.balance.amount === FUNDING_AMOUNT;
  await waitUntil(
    async () => (await Promise.all(senders.map(funded))).every(Boolean),
    60_000,
    'the senders funding',
  );
  return senders;
}

/**
 * One payment made through the API (a USD → MXN quote, executed and settled by the stack): the
 * quote and transaction rows every seeded payment is a copy of, with its own ids and sender.
 */
export async function templatePayment(api, app, code, sender) {
  const quote = await api.must('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: sender.internalAccountId },
    destination: { destinationType: 'ACCOUNT', accountId: sender.externalAccountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: QUOTED_AMOUNT,
  });
  await api.must('POST', `/quotes/${quote.quoteId}/execute`);
  await waitUntil(
    async () => (await api.must('GET', `/quotes/${quote.quoteId}`)).status === 'COMPLETED',
    30_000,
    'the template payment',
  );
  const quoteRow = await app.quotes.repository.findOneBy({
    id: code.contracts.uuidOf('Quote', quote.quoteId),
  });
  return { sender, quote: quoteRow, transaction: await app.transactions.get(quoteRow.transactionId) };
}

/**
 * Writes `count` payments from `senders` in rounds of BATCH, LANES rounds at a time; answers the
 * seconds spent in each resource's statements, summed over the lanes.
 */
export async function seedPayments(app, code, { template, senders, count, endpointUrl, log }) {
  const caller = code.http.callerOf(template.transaction);
  const seconds = { quotes: 0, transactions: 0, postings: 0, deliveries: 0 };
  const timed = async (resource, step) => {
    const startedAt = performance.now();
    const result = await step();
    seconds[resource] += (performance.now() - startedAt) / 1000;
    return result;
  };
  const startedAt = performance.now();
  let reportedAt = startedAt;
  let taken = 0;
  let done = 0;
  const lane = async () => {
    while (taken < count) {
      const first = taken;
      taken = Math.min(count, first + BATCH);
      const payments = Array.from({ length: taken - first }, (_, index) =>
        paymentOf(template, senders[(first + index) % senders.length], {
          inFlight: (first + index + 1) % IN_FLIGHT_EVERY === 0,
          reference: code.transactionInsert.newReference(),
        }),
      );
      await seedRound(app, code, { caller, endpointUrl, timed }, payments);
      done += payments.length;
      if (performance.now() - reportedAt > PROGRESS_EVERY_MS || done === count) {
        reportedAt = performance.now();
        const rate = Math.round(done / ((reportedAt - startedAt) / 1000));
        const perResource = Object.entries(seconds).map(
          ([resource, spent]) => `${resource} ${Math.round(spent)} s`,
        );
        log(`payments: ${done} of ${count} written, ${rate}/s (${perResource.join(', ')})`);
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return seconds;
}

/** One round of payments through the money path's writes, in its order. */
async function seedRound(app, code, { caller, endpointUrl, timed }, payments) {
  const settled = payments.filter((payment) => !payment.inFlight);
  await timed('quotes', () => insertAndClaimQuotes(app, payments));
  await timed('transactions', () =>
    app.transactions.insert(
      app.dataSources.transfers.manager,
      payments.map(({ transaction }) => ({ transaction: newTransactionOf(transaction), rail: SLOW_RAIL })),
    ),
  );
  await timed('postings', () => post(app, code, caller, payments, 'RESERVE'));
  const reserved = await timed('transactions', () =>
    move(app, payments, 'CREATED', 'PENDING', 'Funds reserved'),
  );
  await timed('postings', () => post(app, code, caller, settled, 'SETTLE'));
  const completed = await timed('transactions', () =>
    move(app, settled, 'PENDING', 'COMPLETED', 'Settled by the rail'),
  );
  await timed('quotes', () =>
    app.quotes.follow(
      new Map(payments.map(({ transaction, inFlight }) => [transaction.id, inFlight ? null : 'COMPLETED'])),
    ),
  );
  const latest = new Map([...reserved, ...completed].map((moved) => [moved.transaction.id, moved]));
  await timed('deliveries', () => deliver(app, code, [...latest.values()], endpointUrl));
}

/**
 * A copy of the template payment for `sender`: new ids and reference, the sender's accounts where the
 * template has its sender's (whether as an API id or a bare uuid).
 */
function paymentOf(template, sender, { inFlight, reference }) {
  const replacements = new Map();
  for (const key of ['customerId', 'platformCustomerId', 'internalAccountId', 'externalAccountId']) {
    replacements.set(template.sender[key], sender[key]);
    replacements.set(bareUuid(template.sender[key]), bareUuid(sender[key]));
  }
  const ofSender = (row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, replacements.get(value) ?? value]));
  const quoteId = randomUUID();
  const transactionId = randomUUID();
  return {
    inFlight,
    quote: { ...ofSender(template.quote), id: quoteId, transactionId },
    transaction: { ...ofSender(template.transaction), id: transactionId, quoteId, reference },
  };
}

const bareUuid = (apiId) => apiId.slice(apiId.indexOf(':') + 1);

/** The insert's input (transaction-insert.ts, NewTransaction) for a transaction row. */
function newTransactionOf(row) {
  return {
    id: row.id,
    platformId: row.platformId,
    environment: row.environment,
    type: row.type,
    sourceType: row.sourceType,
    sourceAccountId: row.sourceAccountId,
    sourceCurrency: row.sourceCurrency,
    destinationAccountId: row.destinationAccountId,
    destinationCurrency: row.destinationCurrency,
    customerId: row.customerId,
    platformCustomerId: row.platformCustomerId,
    sentAmount: Number(row.sentAmount),
    receivedAmount: Number(row.receivedAmount),
    reference: row.reference,
    description: row.description ?? undefined,
    pricing: {
      quoteId: row.quoteId,
      exchangeRate: row.exchangeRate,
      rateDetails: row.rateDetails,
      platformFee: Number(row.platformFee),
      serviceFee: Number(row.serviceFee),
    },
    fundingAccountId: row.fundingAccountId ?? undefined,
  };
}

/** PENDING, then claimed for execution, as POST /quotes and /execute leave a quote (group-committed, 200 a statement). */
async function insertAndClaimQuotes(app, payments) {
  await Promise.all(payments.map(({ quote }) => app.quotes.insert(quote)));
  const claimed = await Promise.all(
    payments.map(({ quote }) => app.quotes.claimForExecution({ id: quote.id })),
  );
  if (claimed.some((quote) => !quote)) throw new Error('a seeded quote could not be claimed for execution');
}

/** The postings the money path makes (settlement-plan.ts's postingOf), in one ledger batch. */
async function post(app, code, caller, payments, kind) {
  const results = await app.postings.postAll(
    caller,
    payments.map(({ transaction }) => code.settlementPlan.postingOf(transaction, kind)),
  );
  const refused = results.find((result) => !('posting' in result));
  if (refused) throw new Error(`the ledger refused a seeded ${kind}: ${refused.message}`);
}

async function move(app, payments, from, to, reason) {
  const moved = await app.dataSources.transfers.transaction((manager) =>
    app.transactions.move(
      manager,
      payments.map(({ transaction }) => ({ id: transaction.id, from, to, reason })),
    ),
  );
  if (moved.length !== payments.length)
    throw new Error(`${payments.length - moved.length} seeded transactions did not move to ${to}`);
  return moved;
}

/**
 * Each transaction's latest payment webhook, built from its status change by the dispatcher's own
 * envelope, enqueued and claimed in one statement, then recorded as delivered at the first attempt.
 */
async function deliver(app, code, moved, endpointUrl) {
  const webhooks = moved.map((each) =>
    code.webhookEnvelope.paymentWebhook(code.transactionEvents.statusChanged(each)),
  );
  const enqueued = await app.deliveries.enqueue(webhooks, { claimForMs: 60_000 });
  const attempt = { url: endpointUrl, startedAt: new Date(), ...DELIVERED_ANSWER };
  const updates = enqueued.map(({ claimed }) => {
    if (!claimed) throw new Error('a seeded webhook was not claimed when enqueued');
    return {
      id: claimed.id,
      lease: claimed.lease,
      attemptCount: 1,
      attempt,
      decision: code.deliveryPolicy.afterAttempt(app.retrySchedule, 1, attempt, new Date()),
    };
  });
  await app.deliveries.record(updates, 0);
}
