import { TRANSACTION_EVENTS, TransactionEvent } from '@payments/contracts';
import { e2ePlatform, FundedCustomer, KafkaTestConsumer, newCustomer } from '@payments/testing';

/** SANDBOX_DELAYED_FAILURE_SECONDS of the e2e stack (test/e2e/global-setup.mjs). */
export const DELAYED_FAILURE_MS = 2_000;

/**
 * Call in a describe block: the e2e stack and, from its beforeAll, a new platform's clients and a
 * customer with a USD internal account; with `listening`, a consumer of the transaction events.
 */
export function transfersE2e({ listening = false } = {}) {
  const platform = e2ePlatform();
  const { stack } = platform;
  const events = new KafkaTestConsumer<TransactionEvent>(
    stack.kafkaBrokers,
    stack.topicPrefix,
    TRANSACTION_EVENTS,
  );
  const kit = Object.assign(platform, {
    events,
    customer: undefined as unknown as FundedCustomer,

    /** The status changes published for one transaction, in the order they arrived. */
    changesOf: (transactionId: string) =>
      events.events
        .filter((event) => event.aggregateId === transactionId)
        .map((event) => [event.payload.previousStatus, event.payload.transaction.status]),

    transferOut(accountId: string, amount: number, headers?: Record<string, string>) {
      return kit.sandbox.post(
        '/transfer-out',
        { source: { accountId: kit.customer.internalAccountId }, destination: { accountId }, amount },
        { headers },
      );
    },

    transferIn(accountId: string, amount: number) {
      return kit.sandbox.post('/transfer-in', {
        source: { accountId },
        destination: { accountId: kit.customer.internalAccountId },
        amount,
      });
    },
  });

  beforeAll(async () => {
    if (listening) await events.start();
    kit.customer = await newCustomer(kit.sandbox, 'mover');
  });

  afterAll(async () => {
    if (listening) await events.stop();
  });
  return kit;
}
