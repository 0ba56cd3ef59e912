import { EventEnvelope } from '@payments/contracts';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs a consumer's effect at most once per event: the inbox row and the effect commit together, so
 * a redelivered or replayed event finds its row and changes nothing. Returns false for a duplicate.
 */
export async function handleOnce(
  dataSource: DataSource,
  consumer: string,
  event: EventEnvelope,
  effect: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const claimed: unknown[] = await manager.query(
      `INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, event.eventId],
    );
    if (claimed.length === 0) return false;
    await effect(manager);
    return true;
  });
}
