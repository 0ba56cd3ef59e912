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
  const fresh = await handleEachOnce(dataSource, consumer, [event], (manager) => effect(manager));
  return fresh.length > 0;
}

/**
 * handleOnce for a batch of events in one transaction: `effect` gets those not handled before (each
 * once, even if delivered twice in the batch), and their inbox rows commit with it. Returns them.
 */
export async function handleEachOnce<Event extends EventEnvelope>(
  dataSource: DataSource,
  consumer: string,
  events: Event[],
  effect: (manager: EntityManager, fresh: Event[]) => Promise<void>,
): Promise<Event[]> {
  return dataSource.transaction(async (manager) => {
    const claimed: { event_id: string }[] = await manager.query(
      `INSERT INTO inbox (consumer, event_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, events.map((event) => event.eventId)],
    );
    const unclaimed = new Set(claimed.map((row) => row.event_id));
    const fresh = events.filter((event) => unclaimed.delete(event.eventId));
    if (fresh.length > 0) await effect(manager, fresh);
    return fresh;
  });
}
