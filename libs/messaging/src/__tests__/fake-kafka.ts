import {
  Consumer,
  ConsumerConfig,
  ConsumerRunConfig,
  ConsumerSubscribeTopics,
  EachBatchPayload,
  Kafka,
  KafkaMessage,
  Offsets,
  Producer,
  ProducerRecord,
} from 'kafkajs';

/** kafkajs's default fetch wait (maxWaitTimeInMs). */
const FETCH_WAIT_MS = 5_000;

/** A message as kafkajs hands it to a consumer. */
export function kafkaMessage(
  offset: number,
  value: string,
  headers: Record<string, string> = {},
): KafkaMessage {
  return {
    key: Buffer.from('widget-1'),
    value: Buffer.from(value),
    headers: Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, Buffer.from(text)])),
    offset: String(offset),
    timestamp: '0',
    attributes: 0,
  };
}

/** A partition's offsets as the group sees them, each the next offset to read, as Kafka counts them. */
export interface PartitionOffsets {
  resolved?: string;
  committed?: string;
}

/**
 * kafkajs's client as far as the transport uses it, without a broker: it records what the transport
 * asks for, in `actions` the steps of a stop, and delivers batches the way kafkajs's fetch loop does.
 */
export class FakeKafka {
  consumerConfig?: ConsumerConfig;
  runConfig?: ConsumerRunConfig;
  subscription?: ConsumerSubscribeTopics;
  /** What the producer sent: the dead letters. */
  readonly sent: ProducerRecord[] = [];
  /** The stop's steps in order: pauses, commits and disconnections. */
  readonly actions: string[] = [];
  /** How many consumers the app made: more than one once it started a crashed one again. */
  consumersMade = 0;
  /** The latest consumer's instrumentation listeners, by event name. */
  private listeners = new Map<string, (event: { payload: unknown }) => void>();
  /** Whether kafkajs's commit interval is up when a batch ends; if not, only an explicit commit commits. */
  commitIntervalUp = true;
  /** What the producer's sends fail with, as when the cluster takes no message. */
  sendFailure?: Error;
  /** How long each pause of a partition lasted until its resume, in ms, in the order they ended. */
  readonly pauseLengths: number[] = [];
  private readonly offsets = new Map<string, PartitionOffsets>();
  /** The paused partitions, each with what its resume settles. */
  private readonly paused = new Map<string, Promise<void>>();

  asKafka(): Kafka {
    return this as unknown as Kafka;
  }

  producer(): Producer {
    const producer: Partial<Producer> = {
      connect: async () => undefined,
      disconnect: async () => void this.actions.push('producer disconnected'),
      send: async (record) => {
        if (this.sendFailure) throw this.sendFailure;
        this.sent.push(record);
        return [];
      },
    };
    return producer as Producer;
  }

  consumer(config: ConsumerConfig): Consumer {
    this.consumerConfig = config;
    this.consumersMade += 1;
    const listeners = new Map<string, (event: { payload: unknown }) => void>();
    this.listeners = listeners;
    let fetchLoop: NodeJS.Timeout | undefined;
    const consumer: Partial<Consumer> = {
      connect: async () => undefined,
      subscribe: async (subscription) => void (this.subscription = subscription as ConsumerSubscribeTopics),
      run: async (config) => {
        this.runConfig = config;
        // kafkajs's fetch loop starts a fetch at least every fetch wait, batches or not.
        fetchLoop = setInterval(
          () => listeners.get('consumer.fetch_start')?.({ payload: {} }),
          FETCH_WAIT_MS,
        );
      },
      pause: (topics) => void this.actions.push(`paused ${topics.map(({ topic }) => topic).join(', ')}`),
      disconnect: async () => {
        clearInterval(fetchLoop);
        this.actions.push('consumer disconnected');
      },
      events: {
        CRASH: 'consumer.crash',
        FETCH_START: 'consumer.fetch_start',
        GROUP_JOIN: 'consumer.group_join',
      } as Consumer['events'],
      on: ((event: string, listener: (event: { payload: unknown }) => void) => {
        listeners.set(event, listener);
        return () => undefined;
      }) as Consumer['on'],
    };
    return consumer as Consumer;
  }

  /** The consumer crashes as kafkajs reports it; `restart` says whether kafkajs starts it again itself. */
  crash(restart: boolean): void {
    this.emit('consumer.crash', { error: new Error('Failed to find group coordinator'), restart });
  }

  private emit(event: string, payload: unknown): void {
    this.listeners.get(event)?.({ payload });
  }

  /** The offsets of `topic`'s `partition`. */
  partition(topic: string, partition = 0): PartitionOffsets {
    const key = `${topic}:${partition}`;
    if (!this.offsets.has(key)) this.offsets.set(key, {});
    return this.offsets.get(key)!;
  }

  /** Hands the consumer one partition's batch, as kafkajs does; settles when the consumer is done with it. */
  deliver(topic: string, messages: KafkaMessage[], partition = 0): Promise<void> {
    const offsets = this.partition(topic, partition);
    const payload: Partial<EachBatchPayload> = {
      batch: {
        topic,
        partition,
        messages,
        highWatermark: String(Number(messages.at(-1)!.offset) + 1),
        isEmpty: () => messages.length === 0,
        firstOffset: () => messages[0]?.offset ?? null,
        lastOffset: () => messages.at(-1)!.offset,
        offsetLag: () => '0',
        offsetLagLow: () => '0',
      },
      resolveOffset: (offset) => void (offsets.resolved = String(Number(offset) + 1)),
      heartbeat: async () => undefined,
      pause: () => this.pause(topic, partition),
      isRunning: () => true,
      isStale: () => false,
      uncommittedOffsets: () => ({
        topics: [{ topic, partitions: [{ partition, offset: offsets.resolved ?? messages[0].offset }] }],
      }),
      commitOffsetsIfNecessary: async (commit?: Offsets) => {
        if (commit) this.commit(commit);
        else if (this.commitIntervalUp && offsets.resolved) offsets.committed = offsets.resolved;
      },
    };
    return this.runConfig!.eachBatch!(payload as EachBatchPayload);
  }

  /**
   * Hands the consumer `messages` as kafkajs's fetch loop does: batches from the first unresolved
   * offset, none while the partition is paused; settles once every message is resolved.
   */
  async consume(topic: string, messages: KafkaMessage[], partition = 0): Promise<void> {
    const offsets = this.partition(topic, partition);
    const unresolved = () => messages.filter(({ offset }) => Number(offset) >= Number(offsets.resolved ?? 0));
    while (unresolved().length > 0) {
      await this.deliver(topic, unresolved(), partition);
      await this.paused.get(`${topic}:${partition}`);
    }
  }

  private pause(topic: string, partition: number): () => void {
    const key = `${topic}:${partition}`;
    const pausedAt = Date.now();
    let resume!: () => void;
    this.paused.set(key, new Promise((resolve) => (resume = resolve)));
    this.actions.push(`paused ${key}`);
    return () => {
      this.actions.push(`resumed ${key}`);
      this.pauseLengths.push(Date.now() - pausedAt);
      this.paused.delete(key);
      resume();
    };
  }

  private commit({ topics }: Offsets): void {
    for (const { topic, partitions } of topics) {
      for (const { partition, offset } of partitions) {
        this.partition(topic, partition).committed = offset;
        this.actions.push(`committed ${topic}:${partition} up to ${offset}`);
      }
    }
  }
}
