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
  seq: string;
  messageKey: string;
  payload: string;
  headers: Record<string, string>;
}

/**
 * Publishes again the events of a public topic that its producer kept (event_history, written with
 * the outbox row), in the order they were written, so each aggregate's events keep their order: same
 * message key, same body and so the same event id, their headers plus REPLAYED_HEADER. An idempotent consumer rebuilds its read model from them
 * after the topic's retention has dropped the originals (docs/operations.md#replaying-events).
 * Reads in keyset batches on `seq`, so a window of any size takes constant memory; the window is a
 * filter on `occurredAt` as the producer stamped it. Answers how many it sent.
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
    `SELECT seq::text, message_key AS "messageKey", payload, headers
       FROM event_history
      WHERE topic = $1 AND seq > $5 AND occurred_at >= $2 AND occurred_at < $3
        AND ($4::text IS NULL OR platform_id = $4)
      ORDER BY seq
      LIMIT ${BATCH}`,
    [request.topic.name, request.from, request.to, request.platformId ?? null, after?.seq ?? '0'],
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
