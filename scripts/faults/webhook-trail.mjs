// Where each missing webhook stopped, so that a failed run names the stage that lost it: no event
// written, the event still in transfers' outbox (or parked there), published but never enqueued by the
// dispatcher, or enqueued and not delivered (with its attempts and last error).

/**
 * Counts the missing webhooks (`{ transactionId, status }`) by the stage they stopped at, with one
 * example each: lines to print.
 */
export async function webhookTrail(db, missing) {
  if (missing.length === 0) return [];
  const keys = [...new Set(missing.map(({ transactionId }) => `Transaction:${transactionId}`))];
  const [history, outbox, deliveries] = await Promise.all([
    db.query(
      `SELECT message_key AS key, payload::jsonb #>> '{payload,transaction,status}' AS status
         FROM transfers.event_history WHERE message_key = ANY($1)`,
      [keys],
    ),
    db.query(
      `SELECT message_key AS key, parked_at IS NOT NULL AS parked, park_reason AS reason
         FROM transfers.outbox WHERE message_key = ANY($1)`,
      [keys],
    ),
    db.query(
      `SELECT aggregate_id AS key, body::jsonb #>> '{transaction,status}' AS status, status AS state,
              attempt_count AS attempts, parked_at IS NOT NULL AS parked, coalesce(park_reason, last_error) AS error
         FROM webhooks.deliveries WHERE aggregate_id = ANY($1) AND NOT approval_request`,
      [keys],
    ),
  ]);
  const stages = new Map();
  for (const { transactionId, status } of missing) {
    const key = `Transaction:${transactionId}`;
    const [stage, detail] = stageOf(key, status, history.rows, outbox.rows, deliveries.rows);
    const entry = stages.get(stage) ?? { count: 0, example: `${transactionId} ${status}${detail}` };
    entry.count += 1;
    stages.set(stage, entry);
  }
  return [...stages].map(([stage, { count, example }]) => `${count} ${stage}, e.g. ${example}`);
}

function stageOf(key, status, history, outbox, deliveries) {
  const delivery = deliveries.find((row) => row.key === key && row.status === status);
  if (delivery) {
    const detail = `: ${delivery.attempts} attempts${delivery.error ? `, ${delivery.error.slice(0, 120)}` : ''}`;
    if (delivery.parked) return ['parked by the dispatcher', detail];
    return [`${delivery.state} at the dispatcher`, detail];
  }
  if (!history.some((row) => row.key === key && row.status === status)) return ['with no event written', ''];
  const waiting = outbox.filter((row) => row.key === key);
  if (waiting.some((row) => row.parked))
    return ["parked in transfers' outbox", `: ${waiting.find((row) => row.parked).reason ?? ''}`];
  if (waiting.length > 0) return ["waiting in transfers' outbox", ''];
  return ['published but never enqueued by the dispatcher', ''];
}
