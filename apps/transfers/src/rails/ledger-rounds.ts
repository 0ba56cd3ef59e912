import { scopeKey } from '@payments/http';
import { LedgerClient, PostingKind } from '@transfers/accounts/ledger.client';
import { callerOf, DueTransaction, postingOf } from '@transfers/rails/settlement-plan';

/**
 * Makes the ledger postings of many transactions, in order per transaction, with one ledger call
 * per round and caller: round n holds the n-th posting of each transaction whose earlier ones
 * went through. Answers why each transaction that stopped short did.
 */
export async function postInRounds(
  ledger: LedgerClient,
  moves: { due: DueTransaction; postings: PostingKind[] }[],
): Promise<Map<string, unknown>> {
  const failures = new Map<string, unknown>();
  for (let round = 0; ; round++) {
    const inRound = moves.filter(({ due, postings }) => round < postings.length && !failures.has(due.id));
    if (inRound.length === 0) return failures;
    const byCaller = new Map<string, typeof inRound>();
    for (const move of inRound) {
      const key = scopeKey(move.due);
      const group = byCaller.get(key);
      if (group) group.push(move);
      else byCaller.set(key, [move]);
    }
    await Promise.all(
      [...byCaller.values()].map(async (group) => {
        try {
          const refusals = await ledger.postAll(
            callerOf(group[0].due),
            group.map(({ due, postings }) => postingOf(due, postings[round])),
          );
          refusals.forEach((refusal, index) => refusal && failures.set(group[index].due.id, refusal));
        } catch (error) {
          for (const { due } of group) failures.set(due.id, error);
        }
      }),
    );
  }
}
