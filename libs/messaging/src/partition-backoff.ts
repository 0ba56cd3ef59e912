import { LoggerService } from '@nestjs/common';
import { TopicContract } from '@payments/contracts';
import { EachMessagePayload } from 'kafkajs';
import { Counter } from 'prom-client';

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

const systemicFaults = new Counter({
  name: 'kafka_consume_systemic_faults_total',
  help: 'Back-offs of a partition held at a message by a systemic fault, by topic',
  labelNames: ['topic'] as const,
});

/**
 * Holds a partition at the message a systemic fault stopped, for a back-off that doubles from 0.5 s
 * to 30 s while that message keeps meeting one. The partition is paused and its batch ends, rather
 * than the batch waiting in place: kafkajs fetches from a broker again only once every batch of its
 * last fetch is done, so a waiting batch would hold up the broker's other partitions, even those a
 * fault misjudged as systemic spares, and a stopping consumer would wait for it. The message's offset
 * is left unresolved, so once resumed kafkajs fetches from it again and the order is kept; the
 * resumed partition joins the next fetch, up to kafkajs's fetch wait (5 s) late on an idle consumer.
 */
export class PartitionBackoff {
  /** Per partition, the message it is held at and its latest back-off. */
  private readonly holds = new Map<string, { offset: string; backoffMs: number }>();
  private readonly resumes = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly logger: LoggerService) {}

  /** Pauses the partition of `message`, which `error` stopped at, and resumes it after the back-off. */
  holdAt(
    contract: TopicContract,
    { topic, partition, message, pause }: EachMessagePayload,
    error: unknown,
  ): void {
    if (this.stopped) return;
    const { offset } = message;
    const backoffMs = this.nextBackoff(`${topic}:${partition}`, offset);
    systemicFaults.inc({ topic: contract.name });
    this.logger.warn(
      { err: error, topic, partition, offset, backoffMs },
      'systemic fault: partition paused at the message, to be tried again',
    );
    const resume = pause();
    const timer = setTimeout(() => {
      this.resumes.delete(timer);
      resume();
    }, backoffMs);
    this.resumes.add(timer);
  }

  /** Cancels the resumes to come: a stopping consumer is to fetch nothing more. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.resumes) clearTimeout(timer);
    this.resumes.clear();
  }

  private nextBackoff(partition: string, offset: string): number {
    const previous = this.holds.get(partition);
    const backoffMs =
      previous?.offset === offset ? Math.min(previous.backoffMs * 2, MAX_BACKOFF_MS) : FIRST_BACKOFF_MS;
    this.holds.set(partition, { offset, backoffMs });
    return backoffMs;
  }
}
