import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { EVENT_HEADERS, EventEnvelope, TopicContract, topicName } from '@payments/contracts';
import { CommonEnvironment, RequestContext } from '@payments/runtime';
import { EntityManager } from 'typeorm';
import { OutboxMessage } from './outbox-message.entity';

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
   * `requestId` names the request that caused the events; inside a Kafka handler it defaults to the
   * request id of the message being handled.
   */
  async add<TEvent extends EventEnvelope>(
    manager: EntityManager,
    topic: TopicContract<TEvent>,
    events: TEvent | TEvent[],
    requestId = RequestContext.requestId(),
  ): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('Outbox.add must run inside a transaction');
    await manager.insert(
      OutboxMessage,
      [events].flat().map((event) => ({
        topic: topicName(this.prefix, topic),
        messageKey: event.aggregateId,
        payload: JSON.stringify(event),
        headers: {
          [EVENT_HEADERS.eventType]: event.type,
          ...(requestId ? { [EVENT_HEADERS.requestId]: requestId } : {}),
        },
      })),
    );
    // Delivered at commit only, and folded with other notifications of the same transaction.
    await manager.query(`SELECT pg_notify($1, current_schema())`, [OUTBOX_CHANNEL]);
  }
}
