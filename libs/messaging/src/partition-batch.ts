import { EachBatchPayload, EachMessagePayload, KafkaMessage } from 'kafkajs';
import { EventHandling } from './event-handling';
import { EventRoute, isSelected } from './event-routes';

/**
 * Handles a batch of one partition's messages in order and resolves the offset of each message once
 * it is handled or dead-lettered, so that only those are committed. A batch handler gets the batch
 * in one call first; if that fails, every message goes alone, so that one poison message fails alone.
 */
export async function handlePartitionBatch(
  payload: EachBatchPayload,
  route: EventRoute,
  handling: EventHandling,
): Promise<void> {
  const { batch, resolveOffset, heartbeat } = payload;
  const messages = batch.messages
    .filter((message) => isSelected(route, message))
    .map((message) => messagePayload(payload, message));
  if (route.batch) {
    if (messages.length === 0 || (await handling.handleTogether(route, messages))) {
      resolveOffset(batch.lastOffset());
      await heartbeat();
      return;
    }
  }
  for (const message of messages) {
    // After a rebalance the partition is another consumer's: it takes over from the last offset.
    if (!payload.isRunning() || payload.isStale()) return;
    await handling.handle(route, message);
    resolveOffset(message.message.offset);
    await heartbeat();
  }
  // The messages passed over after the last one handled.
  resolveOffset(batch.lastOffset());
}

function messagePayload(
  { batch, heartbeat, pause }: EachBatchPayload,
  message: KafkaMessage,
): EachMessagePayload {
  return { topic: batch.topic, partition: batch.partition, message, heartbeat, pause };
}
