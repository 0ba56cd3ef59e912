import {
  createEvent,
  Environment,
  TRANSACTION_EVENTS,
  TransactionEvent,
  TransactionStatus,
  topicName,
} from '@payments/contracts';
import { e2eStack } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Producer } from 'kafkajs';
import { Pool } from 'pg';

/** The dispatcher's tables in the e2e database, for asserting what it recorded. */
export function webhooksDatabase(): Pool {
  return new Pool({ connectionString: e2eStack().databaseUrl, max: 2, options: '-c search_path=webhooks' });
}

/** A transaction's status change as the transfers app publishes it, of an OUTGOING transaction. */
export function statusChanged(
  platformId: string,
  transactionId: string,
  status: TransactionStatus,
): TransactionEvent {
  const now = new Date().toISOString();
  return createEvent(
    'transaction.status-changed',
    1,
    { platformId, environment: Environment.Sandbox },
    transactionId,
    {
      transaction: {
        id: transactionId,
        status,
        type: 'OUTGOING',
        createdAt: now,
        updatedAt: now,
        sentAmount: { amount: 12_345, currency: { code: 'USD' } },
        quoteId: `Quote:${randomUUID()}`,
      },
    },
  );
}

/** Publishes as the transfers app's outbox relay does: keyed by the transaction, so in order. */
export async function publishTransactionEvents(
  producer: Producer,
  ...events: TransactionEvent[]
): Promise<void> {
  await producer.send({
    topic: topicName(e2eStack().topicPrefix, TRANSACTION_EVENTS),
    messages: events.map((event) => ({ key: event.aggregateId, value: JSON.stringify(event) })),
  });
}
