import { EachBatchPayload, EachMessagePayload, KafkaMessage } from 'kafkajs';
import { EventHandling } from './event-handling';
import { EventRoute, isSelected } from './event-routes';
import { PartitionBackoff } from './partition-backoff';

/**
 * Handles a batch of one partition's messages in order and resolves the offset of each message once
 * it is handled or dead-lettered, so that only those are committed. A batch handler gets the batch
 * in one call first; if that fails, every message goes alone, so that one poison message fails alone.
 * A systemic fault ends the batch at the message it stopped, which `backoff` holds the partition at.
 */
export async function handlePartitionBatch(
  payload: EachBatchPayload,
  route: EventRoute,
  handling: EventHandling,
  backoff: PartitionBackoff,
): Promise<void> {
  const { batch, resolveOffset, heartbeat } = payload;
  const messages = batch.messages
    .filter((message) => isSelected(route, message))
    .map((message) => messagePayload(payload, message));
  if (route.batch) {
    const together = messages.length === 0 ? 'handled' : await handling.handleTogether(route, messages);
    if (together === 'handled') {
      resolveOffset(batch.lastOffset());
      await heartbeat();
      return;
    }
    if (together !== 'separately') {
      backoff.holdAt(route.contract, messages[0], together.systemicFault);
      return;
    }
  }
  for (const message of messages) {
    // After a rebalance the partition is another consumer's: it takes over from the last offset.
    if (!payload.isRunning() || payload.isStale()) return;
    const outcome = await handling.handle(route, message);
    if (outcome !== 'done') {
      backoff.holdAt(route.contract, message, outcome.systemicFault);
      return;
    }
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
