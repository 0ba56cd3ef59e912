import { EventEnvelope, TopicContract, topicName } from '@payments/contracts';
import { randomUUID } from 'node:crypto';
import { Consumer, Kafka, logLevel } from 'kafkajs';
import { eventually } from './eventually';

/** Reads a topic from the beginning with a group id of its own, so tests never share offsets. */
export class KafkaTestConsumer<TEvent extends EventEnvelope = EventEnvelope> {
  readonly events: TEvent[] = [];
  private consumer: Consumer;

  constructor(
    private readonly brokers: string[],
    private readonly prefix: string,
    private readonly topic: TopicContract<TEvent>,
  ) {}

  async start(): Promise<void> {
    const kafka = new Kafka({ clientId: 'test-consumer', brokers: this.brokers, logLevel: logLevel.NOTHING });
    this.consumer = kafka.consumer({
      groupId: `test-${randomUUID()}`,
      sessionTimeout: 6_000,
      heartbeatInterval: 500,
      maxWaitTimeInMs: 100,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({ topic: topicName(this.prefix, this.topic), fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        this.events.push(this.topic.decode(message.value));
      },
    });
  }

  /** Waits for the first event matching `predicate`. */
  waitFor(predicate: (event: TEvent) => boolean, timeoutMs = 20_000): Promise<TEvent> {
    return eventually(async () => this.events.find(predicate), { timeoutMs });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}
