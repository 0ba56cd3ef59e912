import { context, Context } from '@opentelemetry/api';
import { toApiId } from '@payments/contracts';
import { callerOf, scopeKey } from '@payments/http';
import { LedgerClient, Posting, PostingKind } from '@transfers/accounts/ledger.client';
import { DueTransaction } from '@transfers/rails/settlement-plan';

/**
 * Makes the ledger postings of many transactions, in order per transaction, with one ledger call
 * per round and caller: round n holds the n-th posting of each transaction whose earlier ones
 * went through. Answers why each transaction that stopped short did. A call for one transaction runs
 * in its `trace`; one for several, which belong to as many traces, in the worker's own.
 */
export async function postInRounds(
  ledger: LedgerClient,
  moves: { due: DueTransaction; postings: PostingKind[]; trace?: Context }[],
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
        const post = () =>
          ledger.postAll(
            callerOf(group[0].due),
            group.map(({ due, postings }) => postingOf(due, postings[round])),
          );
        try {
          const refusals = await (group.length === 1 && group[0].trace
            ? context.with(group[0].trace, post)
            : post());
          refusals.forEach((refusal, index) => refusal && failures.set(group[index].due.id, refusal));
        } catch (error) {
          for (const { due } of group) failures.set(due.id, error);
        }
      }),
    );
  }
}

/**
 * The internal account is where an outgoing transfer's reserve is held (its source, or the account
 * the funds of a just-in-time or pull-funded quote arrive in) and the destination of an incoming one.
 */
export function postingOf(due: DueTransaction, kind: PostingKind): Posting {
  const outgoing = due.type === 'OUTGOING';
  // Fees are collected where the money arrives: a payout's SETTLE, or an incoming transfer's DEPOSIT.
  const feesPosting = outgoing ? 'SETTLE' : 'DEPOSIT';
  const fees =
    kind === feesPosting && BigInt(due.platformFee) + BigInt(due.serviceFee) > 0n
      ? { platformFee: Number(due.platformFee), serviceFee: Number(due.serviceFee) }
      : {};
  return {
    transactionId: toApiId('Transaction', due.id),
    kind,
    accountId: due.fundingAccountId ?? (outgoing ? due.sourceAccountId! : due.destinationAccountId!),
    // What leaves the sender: the payout's reserve, or what an incoming transfer pulled.
    amount: Number(due.sentAmount),
    currency: outgoing ? due.sourceCurrency : due.destinationCurrency,
    ...fees,
  };
}
