import { EachBatchPayload } from 'kafkajs';

/**
 * The batches being handled and the commits of their resolved offsets: at kafkajs's commit interval
 * after each batch, and all of them once the batches under way are done when the consumer stops.
 */
export class OffsetCommits {
  private readonly inFlight = new Set<Promise<void>>();
  /** Commits every handled offset now; kafkajs hands it out with each batch only. */
  private commitHandled?: () => Promise<void>;

  /** Whether a batch has come: before that there is nothing to wait for or commit. */
  get started(): boolean {
    return this.commitHandled !== undefined;
  }

  /** Waits for `handling` of the batch of `payload`, then commits if the interval is up. */
  async afterHandling(handling: Promise<void>, payload: EachBatchPayload): Promise<void> {
    this.commitHandled = () => payload.commitOffsetsIfNecessary(payload.uncommittedOffsets());
    this.inFlight.add(handling);
    try {
      await handling;
    } finally {
      this.inFlight.delete(handling);
    }
    await payload.commitOffsetsIfNecessary();
  }

  /** Lets the batches under way finish and commits all that is handled; for a consumer that no longer fetches. */
  async commitOnStop(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    await this.commitHandled?.();
  }
}
