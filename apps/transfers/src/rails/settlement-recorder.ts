import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Lease } from '@payments/runtime';
import { DataSource } from 'typeorm';
import { RailAttemptsStore, Retry } from '@transfers/rails/rail-attempts.store';
import { DueTransaction } from '@transfers/rails/settlement-plan';
import { StatusChange, TransactionStore } from '@transfers/transactions/transaction.store';

/**
 * How often a payment looks again at the receiver's payment it awaits: only a backstop, since that
 * payment's ending wakes it at once.
 */
const AWAIT_POLL_MS = 2_000;

const MAX_BACKOFF_MS = 60_000;

/** 200 ms, 400 ms, 800 ms … up to a minute between tries of a failing step; `tries` counts from 1. */
export function backoffMs(tries: number): number {
  return Math.min(100 * 2 ** Math.min(tries, 20), MAX_BACKOFF_MS);
}

/** What one due attempt came to; all of a batch's results are recorded in one database transaction. */
export type StepResult =
  | { kind: 'move'; change: StatusChange }
  | { kind: 'discard'; id: string }
  | { kind: 'close'; id: string }
  | { kind: 'wait'; lease: Lease }
  | { kind: 'retry'; retry: Retry }
  | { kind: 'park'; due: DueTransaction; error: unknown };

/** Writes what a batch of due attempts came to, all in one database transaction. */
@Injectable()
export class SettlementRecorder {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly attempts: RailAttemptsStore,
    private readonly transactions: TransactionStore,
  ) {}

  async record(results: StepResult[]): Promise<void> {
    if (results.every((result) => result.kind === 'park')) return;
    const idsOf = (kind: 'discard' | 'close') =>
      results.flatMap((result) => (result.kind === kind ? [result.id] : []));
    await this.dataSource.transaction(async (manager) => {
      await this.transactions.move(
        manager,
        results.flatMap((result) => (result.kind === 'move' ? [result.change] : [])),
      );
      await this.attempts.retryLater(
        manager,
        results.flatMap((result) => (result.kind === 'retry' ? [result.retry] : [])),
      );
      await this.attempts.close(manager, idsOf('close'));
      await this.attempts.waitLater(
        manager,
        results.flatMap((result) => (result.kind === 'wait' ? [result.lease] : [])),
        AWAIT_POLL_MS,
      );
      for (const id of idsOf('discard')) await this.transactions.discardCreated(manager, id);
    });
  }
}

/** The transaction a step result is about (bare uuid). */
export function idOf(result: StepResult): string {
  switch (result.kind) {
    case 'move':
      return result.change.id;
    case 'retry':
      return result.retry.id;
    case 'park':
      return result.due.id;
    case 'wait':
      return result.lease.key;
    default:
      return result.id;
  }
}

/** The due transaction a step result is about. */
export function dueOf(result: StepResult, batch: DueTransaction[]): DueTransaction {
  const id = idOf(result);
  return batch.find((transaction) => transaction.id === id)!;
}
