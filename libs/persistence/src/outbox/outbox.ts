import { Injectable } from '@nestjs/common';
import { context, Context, propagation } from '@opentelemetry/api';
import { ConfigService } from '@nestjs/config';
import { EVENT_HEADERS, EventEnvelope, TopicContract, topicName } from '@payments/contracts';
import { CommonEnvironment, RequestContext } from '@payments/runtime';
import { EntityManager } from 'typeorm';

/** Postgres channel that wakes the outbox relay as soon as a transaction with events commits. */
export const OUTBOX_CHANNEL = 'outbox';

/**
 * Writes events in the caller's transaction, so that an event exists if and only if the state
 * change that caused it committed; the relay publishes them to Kafka afterwards.
 */
@Injectable()
export class Outbox {
  private readonly prefix: string;

  constructor(config: ConfigService<CommonEnvironment, true>) {
    this.prefix = config.get('KAFKA_TOPIC_PREFIX', { infer: true });
  }

  /**
   * `requestId` names the request that caused the events, or each event's when the events of many
   * requests share a transaction; inside a Kafka handler it defaults to the request id of the
   * message being handled. `traces` are the trace contexts each event continues, where one is not
   * the active one (a worker acting on many traces' payments at once).
   */
  async add<TEvent extends EventEnvelope>(
    manager: EntityManager,
    topic: TopicContract<TEvent>,
    events: TEvent | TEvent[],
    requestId: string | undefined | (string | undefined)[] = RequestContext.requestId(),
    traces?: (Context | undefined)[],
  ): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('Outbox.add must run inside a transaction');
    const rows = this.rowsOf(topic, Array.isArray(events) ? events : [events], requestId, traces);
    // One statement with array parameters: a bulk import adds hundreds of events per transaction,
    // and an ORM insert of that many rows costs more than the rest of the transaction. The
    // notification is delivered at commit only, folded with the transaction's other ones. A public
    // topic's events are also kept, in the same statement, for replay.
    const kept = topic.isPublic ? `, kept AS (${eventHistoryInsertSql('$6', '$2', '$3', '$4')})` : '';
    await manager.query(
      `WITH added AS (${outboxInsertSql('$1', '$2', '$3', '$4')})${kept} SELECT pg_notify($5, current_schema())`,
      [rows.topic, rows.keys, rows.payloads, rows.headers, OUTBOX_CHANNEL, ...(kept ? [topic.name] : [])],
    );
  }

  /**
   * The outbox columns of `events`, for a producer that writes them inside a statement of its own
   * (with outboxInsertSql) rather than spend a round trip on `add`; it notifies OUTBOX_CHANNEL itself.
   */
  rowsOf<TEvent extends EventEnvelope>(
    topic: TopicContract<TEvent>,
    events: TEvent[],
    requestId: string | undefined | (string | undefined)[] = RequestContext.requestId(),
    traces?: (Context | undefined)[],
  ): OutboxRows {
    const active = traceHeadersOf(context.active());
    const headersOf = (event: TEvent, index: number) => {
      const causedBy = Array.isArray(requestId) ? requestId[index] : requestId;
      const trace = traces?.[index];
      return {
        [EVENT_HEADERS.eventType]: event.type,
        ...topic.selectorsOf(event),
        ...(causedBy ? { [EVENT_HEADERS.requestId]: causedBy } : {}),
        ...(trace ? traceHeadersOf(trace) : active),
      };
    };
    return {
      topic: topicName(this.prefix, topic),
      keys: events.map((event) => event.aggregateId),
      payloads: events.map((event) => JSON.stringify(event)),
      headers: events.map((event, index) => JSON.stringify(headersOf(event, index))),
    };
  }
}

/**
 * The W3C `traceparent` and `tracestate` of a trace, which the relay publishes as Kafka headers and
 * consumers continue (docs/asyncapi.yaml). With no SDK registered the propagator is a no-op and
 * this stays empty.
 */
function traceHeadersOf(trace: Context): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(trace, carrier);
  return carrier;
}

/** The column arrays of outbox rows of one topic, in the events' order. */
export interface OutboxRows {
  topic: string;
  keys: string[];
  payloads: string[];
  headers: string[];
}

/** The INSERT of OutboxRows given as the parameters named (text, text[], text[], jsonb[]), in order. */
export function outboxInsertSql(topic: string, keys: string, payloads: string, headers: string): string {
  return `INSERT INTO outbox (topic, message_key, payload, headers)
         SELECT ${topic}, message_key, payload, headers
           FROM unnest(${keys}::text[], ${payloads}::text[], ${headers}::jsonb[]) AS m (message_key, payload, headers)`;
}

/**
 * The INSERT into event_history (the public topics' events kept for replay) of outbox rows given as
 * the parameters named (the topic's contract name, text[], text[], jsonb[]).
 */
function eventHistoryInsertSql(topic: string, keys: string, payloads: string, headers: string): string {
  return `INSERT INTO event_history (event_id, topic, message_key, payload, headers, occurred_at, platform_id)
         SELECT (m.payload::jsonb ->> 'eventId')::uuid, ${topic}, m.message_key, m.payload, m.headers,
                (m.payload::jsonb ->> 'occurredAt')::timestamptz, m.payload::jsonb ->> 'platformId'
           FROM unnest(${keys}::text[], ${payloads}::text[], ${headers}::jsonb[]) AS m (message_key, payload, headers)`;
}
