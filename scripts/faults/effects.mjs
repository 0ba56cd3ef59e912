// What the service did, read from the owning apps' schemas: every transaction and quote of the
// suite's platforms, each matched to the request key that asked for it. The amounts are distinct per
// platform (scripts/faults/platforms.mjs), so an effect's amount names its request even when the
// client never learned its id.
import { setTimeout as sleep } from 'node:timers/promises';

export const TERMINAL_STATUSES = ['COMPLETED', 'FAILED', 'REJECTED', 'EXPIRED', 'REFUNDED'];

/** `{ transactions, quotes }` of the platforms, with each transaction's count of moves into a terminal status. */
export async function readEffects(db, platformIds) {
  const { rows: transactions } = await db.query(
    `SELECT t.id, t.platform_id, t.type, t.status, t.source_type, t.sent_amount::bigint AS amount, t.quote_id,
            (SELECT count(*)::int FROM transfers.transaction_status_history h
              WHERE h.transaction_id = t.id AND h.to_status = ANY($2)) AS terminal_moves
       FROM transfers.transactions t WHERE t.platform_id = ANY($1)`,
    [platformIds, TERMINAL_STATUSES],
  );
  const { rows: quotes } = await db.query(
    `SELECT id, platform_id, total_sending_amount::bigint AS amount FROM quoting.quotes WHERE platform_id = ANY($1)`,
    [platformIds],
  );
  return { transactions, quotes };
}

/**
 * The effects of each request: a Map from the request record to the rows it caused. Funding
 * transactions (the suite's set-up) and rows no request asked for come back as `unmatched`.
 */
export function matchEffects(requests, platforms, { transactions, quotes }) {
  const platformIdOf = new Map(platforms.map((platform) => [platform.name, platform.platformId]));
  const byAmount = new Map();
  const byQuote = new Map();
  for (const request of requests) {
    const platformId = platformIdOf.get(request.platform);
    if (request.kind === 'execute') byQuote.set(bareId(request.quoteId), request);
    else byAmount.set(`${platformId}/${request.kind}/${request.amount}`, request);
  }
  const effects = new Map(requests.map((request) => [request, []]));
  const unmatched = [];
  const attach = (request, row) => (request ? effects.get(request).push(row) : unmatched.push(row));
  for (const row of transactions) {
    if (row.source_type === 'REALTIME_FUNDING') continue;
    if (row.quote_id) attach(byQuote.get(row.quote_id), row);
    else attach(byAmount.get(`${row.platform_id}/${kindOf(row)}/${row.amount}`), row);
  }
  for (const quote of quotes)
    attach(byAmount.get(`${quote.platform_id}/quote/${quote.amount}`), { ...quote, quote: true });
  return { effects, unmatched };
}

/** Waits until every transaction of `ids` is in a terminal status, or `timeoutMs` passed; answers the others. */
export async function waitForTerminal(db, ids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(
      `SELECT id, status FROM transfers.transactions WHERE id = ANY($1) AND NOT (status = ANY($2))`,
      [ids, TERMINAL_STATUSES],
    );
    if (rows.length === 0 || Date.now() > deadline) return rows;
    await sleep(500);
  }
}

export function bareId(apiId) {
  return apiId?.slice(apiId.indexOf(':') + 1);
}

function kindOf(row) {
  return row.type === 'OUTGOING' ? 'transfer-out' : 'transfer-in';
}
