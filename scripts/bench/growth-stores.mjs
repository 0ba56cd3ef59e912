// The apps' own write code, loaded from the build (dist/, scripts/build.mjs) and run in this process
// against the bench's database, so that the growth benchmark's history is written by the statements
// the apps run, with their rules and constraints. Their events go to the outbox as always, but under
// a topic prefix of their own that no app consumes: the history is past, and the webhooks and
// consumers' work of millions of old events would swamp the measurement.
import { createRequire } from 'node:module';
import kafkajs from 'kafkajs';
import { ROOT } from '../lib/apps.mjs';
import { configuredBrokers } from '../lib/kafka.mjs';

const require = createRequire(import.meta.url);
const built = (path) => require(`${ROOT}/dist/${path}.js`);
const TOPIC_LEADERS_TIMEOUT_MS = 30_000;

/** The modules whose functions the seeding calls as the apps do. */
export function appCode() {
  require('reflect-metadata');
  return {
    contracts: built('libs/contracts/src/index'),
    http: built('libs/http/src/index'),
    transactionEvents: built('apps/transfers/src/transactions/transaction-events'),
    transactionInsert: built('apps/transfers/src/transactions/transaction-insert'),
    settlementPlan: built('apps/transfers/src/rails/settlement-plan'),
    webhookEnvelope: built('apps/webhook-dispatcher/src/deliveries/webhook-envelope'),
    deliveryPolicy: built('apps/webhook-dispatcher/src/deliveries/delivery-policy'),
  };
}

/**
 * One data source per app schema, as each app opens its own, and on them the stores the seeding
 * writes through and the two background claims it times. `seedTopicPrefix` is where the outbox
 * events of the seeded history go; its topics are created here.
 */
export async function openAppStores(databaseUrl, seedTopicPrefix) {
  const { DataSource } = require('typeorm');
  const { dataSourceOptions, Outbox } = built('libs/persistence/src/index');
  const { TRANSACTION_EVENTS, BALANCE_EVENTS } = built('libs/contracts/src/index');
  await createTopics([TRANSACTION_EVENTS, BALANCE_EVENTS].map((topic) => `${seedTopicPrefix}${topic.name}`));
  const open = async (path, name) =>
    new DataSource(dataSourceOptions(databaseUrl, { ...built(path)[name], poolSize: 4 })).initialize();
  const [transfers, quoting, ledger, webhooks] = await Promise.all([
    open('apps/transfers/src/database', 'TRANSFERS_SCHEMA'),
    open('apps/quoting/src/database', 'QUOTING_SCHEMA'),
    open('apps/ledger/src/database', 'LEDGER_SCHEMA'),
    open('apps/webhook-dispatcher/src/database', 'WEBHOOKS_SCHEMA'),
  ]);
  const outbox = new Outbox(configOf({ KAFKA_TOPIC_PREFIX: seedTopicPrefix }));
  const { TransactionStore } = built('apps/transfers/src/transactions/transaction.store');
  const { RailAttemptsStore } = built('apps/transfers/src/rails/rail-attempts.store');
  const { TransfersEnvironment } = built('apps/transfers/src/transfers.environment');
  const { QuoteStore } = built('apps/quoting/src/quotes/quote.store');
  const { Quote } = built('apps/quoting/src/quotes/quote.entity');
  const { QuotingEnvironment } = built('apps/quoting/src/quoting.environment');
  const { PostingsService } = built('apps/ledger/src/postings/postings.service');
  const { InternalAccountsService } = built('apps/ledger/src/accounts/internal-accounts.service');
  const { SystemAccountsService } = built('apps/ledger/src/accounts/system-accounts.service');
  const { LedgerAccount } = built('apps/ledger/src/accounts/account.entity');
  const { DeliveryStore } = built('apps/webhook-dispatcher/src/deliveries/delivery.store');
  const { WebhookDispatcherEnvironment } = built(
    'apps/webhook-dispatcher/src/webhook-dispatcher.environment',
  );
  const { LEASE_MS } = built('libs/runtime/src/index');
  const dispatcherDefaults = new WebhookDispatcherEnvironment();
  const transfersConfig = configOf(new TransfersEnvironment());
  return {
    dataSources: { transfers, quoting, ledger, webhooks },
    transactions: new TransactionStore(transfers, outbox),
    quotes: new QuoteStore(quoting, quoting.getRepository(Quote), configOf(new QuotingEnvironment())),
    postings: new PostingsService(
      ledger,
      new InternalAccountsService(ledger.getRepository(LedgerAccount)),
      new SystemAccountsService(ledger),
      outbox,
    ),
    deliveries: new DeliveryStore(webhooks),
    retrySchedule: dispatcherDefaults.WEBHOOK_RETRY_SCHEDULE_SECONDS.split(',').map(Number),
    /**
     * The exact statements of the settlement worker's claim and of the dispatcher's, with the batch
     * sizes their workers ask for, captured from the stores rather than copied from them.
     */
    claims: [
      {
        name: 'settlement claim (rail_attempts)',
        dataSource: transfers,
        ...statementOf(transfers, (source) =>
          new RailAttemptsStore(source, transfersConfig).claimDue(200, LEASE_MS),
        ),
      },
      {
        name: 'delivery claim (deliveries)',
        dataSource: webhooks,
        ...statementOf(webhooks, (source) =>
          new DeliveryStore(source).takeDue(dispatcherDefaults.WEBHOOK_CONCURRENCY, LEASE_MS),
        ),
      },
    ],
    close: () => Promise.all([transfers, quoting, ledger, webhooks].map((source) => source.destroy())),
  };
}

/** The apps' defaults (their environment classes), with `overrides`. */
function configOf(defaults, overrides = {}) {
  return { get: (key) => overrides[key] ?? defaults[key] };
}

/** The statement and parameters a store sends for one call, recorded by a data source that runs nothing. */
function statementOf(dataSource, call) {
  /** @type {{ sql: string, parameters: unknown[] }} */
  const captured = { sql: '', parameters: [] };
  const recorder = {
    getMetadata: (entity) => dataSource.getMetadata(entity),
    query: async (sql, parameters) => {
      Object.assign(captured, { sql, parameters });
      return [];
    },
  };
  call(recorder);
  return captured;
}

async function createTopics(topics) {
  const admin = new kafkajs.Kafka({
    brokers: configuredBrokers(),
    logLevel: kafkajs.logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (missing.length)
      await admin.createTopics({ topics: missing.map((topic) => ({ topic, numPartitions: 1 })) });
    // A new topic may have no leader for a moment; the relay must not be refused meanwhile.
    for (const deadline = Date.now() + TOPIC_LEADERS_TIMEOUT_MS; ;) {
      const ready = await admin
        .fetchTopicMetadata({ topics })
        .then(({ topics: described }) =>
          described.every(({ partitions }) => partitions.every(({ leader }) => leader >= 0)),
        )
        .catch(() => false);
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`topics without a leader: ${topics.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await admin.disconnect();
  }
}
