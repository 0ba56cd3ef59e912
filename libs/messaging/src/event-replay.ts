import { TopicContract } from '@payments/contracts';
import { Kafka } from 'kafkajs';
import { DataSource } from 'typeorm';

/** Header on every replayed message: a consumer may tell a replay from the live stream by it. */
export const REPLAYED_HEADER = 'x-replayed';

const BATCH = 500;

export interface ReplayRequest {
  topic: TopicContract;
  /** Events that occurred at or after `from` and before `to`. */
  from: Date;
  to: Date;
  /** Only this platform's events (`Platform:<uuid>`), when given. */
  platformId?: string;
  /** The full name of the topic to publish to (created with the topic's partitions if missing). */
  target: string;
}

interface KeptEvent {
  eventId: string;
  occurredAt: Date;
  messageKey: string;
  payload: string;
  headers: Record<string, string>;
}

/**
 * Publishes again, in the order they occurred, the events of a public topic that its producer kept
 * (event_history, written with the outbox row): same message key, same body and so the same event
 * id, their headers plus REPLAYED_HEADER. An idempotent consumer rebuilds its read model from them
 * after the topic's retention has dropped the originals (docs/operations.md#replaying-events).
 * Reads in keyset batches, so a window of any size takes constant memory. Answers how many it sent.
 */
export async function replayEvents(
  dataSource: DataSource,
  kafka: Kafka,
  request: ReplayRequest,
): Promise<number> {
  await ensureTopic(kafka, request.target, request.topic.partitions);
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  let sent = 0;
  try {
    let after: KeptEvent | undefined;
    for (;;) {
      const batch = await keptEvents(dataSource, request, after);
      if (batch.length === 0) return sent;
      await producer.send({
        topic: request.target,
        acks: -1,
        messages: batch.map((event) => ({
          key: event.messageKey,
          value: event.payload,
          headers: { ...event.headers, [REPLAYED_HEADER]: 'true' },
        })),
      });
      sent += batch.length;
      after = batch[batch.length - 1];
    }
  } finally {
    await producer.disconnect();
  }
}

function keptEvents(dataSource: DataSource, request: ReplayRequest, after?: KeptEvent): Promise<KeptEvent[]> {
  return dataSource.query(
    `SELECT event_id AS "eventId", occurred_at AS "occurredAt", message_key AS "messageKey", payload, headers
       FROM event_history
      WHERE topic = $1 AND occurred_at >= $2 AND occurred_at < $3
        AND ($4::text IS NULL OR platform_id = $4)
        AND ($5::timestamptz IS NULL OR (occurred_at, event_id) > ($5, $6::uuid))
      ORDER BY occurred_at, event_id
      LIMIT ${BATCH}`,
    [
      request.topic.name,
      request.from,
      request.to,
      request.platformId ?? null,
      after?.occurredAt ?? null,
      after?.eventId ?? null,
    ],
  );
}

async function ensureTopic(kafka: Kafka, topic: string, numPartitions: number): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    if (!(await admin.listTopics()).includes(topic)) {
      await admin.createTopics({ topics: [{ topic, numPartitions }], waitForLeaders: true });
    }
  } finally {
    await admin.disconnect();
  }
}
