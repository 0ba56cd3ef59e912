// The assertions after each fault and at the end: one effect per key and the client learned it,
// exactly one terminal state per transaction, every transaction's webhooks delivered in order, the
// ledger's invariants, and (for the import fault) no row lost or doubled.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../lib/apps.mjs';
import { bareId, matchEffects, readEffects, waitForTerminal } from './effects.mjs';

const STATUS_ORDER = { CREATED: 0, PENDING: 1, PROCESSING: 2 };
const rankOf = (status) => STATUS_ORDER[status] ?? 3;

/**
 * Checks `requests` (each with the `phase` it was sent in) against what the service did, waiting up to
 * `waitMs` for transactions to end and their webhooks to arrive. Answers findings `{ phase, type, text }`,
 * type one of duplicate (one per extra effect), lost, stuck, terminal and webhook.
 */
export async function checkRequests({ db, platforms, requests, receiver, waitMs }) {
  const read = () =>
    readEffects(
      db,
      platforms.map((platform) => platform.platformId),
    );
  const first = matchEffects(requests, platforms, await read());
  const idsToEnd = [...first.effects.values(), first.unmatched]
    .flat()
    .filter((row) => !row.quote)
    .map((row) => row.id);
  const stuckIds = new Set((await waitForTerminal(db, idsToEnd, waitMs)).map((row) => row.id));
  const { effects, unmatched } = matchEffects(requests, platforms, await read());

  const findings = [];
  const phaseOf = new Map();
  for (const [request, rows] of effects) {
    const found = (type, text) =>
      findings.push({
        phase: request.phase,
        type,
        text: `${request.platform} ${request.kind} key ${request.key}: ${text}`,
      });
    for (const row of rows) phaseOf.set(row.id, request.phase);
    for (const extra of rows.slice(1)) found('duplicate', `another effect ${extra.id} beside ${rows[0].id}`);
    const learnedId = bareId(request.kind === 'quote' ? request.quoteId : request.transactionId);
    if (request.status === 0) found('lost', `no final answer after every retry (${request.error})`);
    else if (learnedId && !rows.some((row) => row.id === learnedId))
      found('lost', `answered ${learnedId}, which does not exist`);
    else if (!learnedId && rows.length > 0) {
      found('lost', `answered ${request.status} ${JSON.stringify(request.error)}, yet made ${rows[0].id}`);
    }
  }
  for (const row of unmatched)
    findings.push({ phase: undefined, type: 'lost', text: `${row.id}: no request asked for it` });
  const transactions = [...[...effects.values()].flat(), ...unmatched].filter((row) => !row.quote);
  for (const row of transactions) {
    const found = (type, text) =>
      findings.push({ phase: phaseOf.get(row.id), type, text: `transaction ${row.id}: ${text}` });
    if (stuckIds.has(row.id)) found('stuck', `still ${row.status} after ${waitMs / 1000} s`);
    else if (row.terminal_moves !== 1)
      found('terminal', `${row.terminal_moves} moves into a terminal status`);
  }
  for (const { id, text, missingStatus } of await checkWebhooks(receiver, transactions, waitMs)) {
    findings.push({
      phase: phaseOf.get(id),
      type: 'webhook',
      text: `transaction ${id}: ${text}`,
      ...(missingStatus && { missing: { transactionId: id, status: missingStatus } }),
    });
  }
  return findings;
}

/**
 * Every transaction's terminal webhook arrives (accepted by the receiver) within `waitMs`, and the
 * status changes arrive in order: a delivery seen for the first time never goes back to an earlier status.
 */
async function checkWebhooks(receiver, transactions, waitMs) {
  const apiId = (row) => `Transaction:${row.id}`;
  const delivered = (row) =>
    receiver.acceptedFor(apiId(row)).some((delivery) => delivery.status === row.status);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline && !transactions.every(delivered)) await sleep(500);
  const problems = [];
  for (const row of transactions) {
    if (!delivered(row))
      problems.push({ id: row.id, text: `no ${row.status} webhook accepted`, missingStatus: row.status });
    const seen = new Set();
    let highest = -1;
    for (const delivery of receiver.acceptedFor(apiId(row))) {
      if (seen.has(delivery.webhookId)) continue;
      seen.add(delivery.webhookId);
      if (rankOf(delivery.status) < highest)
        problems.push({ id: row.id, text: `${delivery.status} webhook after a later status` });
      highest = Math.max(highest, rankOf(delivery.status));
    }
  }
  return problems;
}

/** Transactions of the platforms (as the API lists them) that no request of the run learned of. */
export async function unlearnedTransactions(platforms, requests) {
  const learnedIds = new Set(requests.map((request) => request.transactionId).filter(Boolean));
  const unlearned = [];
  for (const platform of platforms) {
    let cursor;
    do {
      const page = await platform.api.must(
        'GET',
        `/transactions?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      for (const transaction of page.data) {
        const funding = transaction.source?.sourceType === 'REALTIME_FUNDING';
        if (!funding && !learnedIds.has(transaction.id)) unlearned.push(`${platform.name} ${transaction.id}`);
      }
      cursor = page.hasMore ? page.nextCursor : undefined;
    } while (cursor);
  }
  return unlearned;
}

/** `npm run ledger:check` against the suite's database: undefined when it passes, else its report. */
export async function ledgerProblem(databaseUrl) {
  try {
    await promisify(execFile)(process.execPath, [`${ROOT}/scripts/ledger-check.mjs`], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return undefined;
  } catch (error) {
    return `ledger:check failed: ${`${error.stdout ?? ''}${error.stderr ?? ''}`.trim()}`;
  }
}
