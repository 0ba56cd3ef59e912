import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DueTransaction } from '@transfers/rails/settlement-plan';
import { transactionColumns } from '@transfers/transactions/transaction.store';

export interface Retry {
  /** Bare transaction uuid. */
  id: string;
  delayMs: number;
  error: string;
}

/** The rail's work queue: one attempt per transaction, taken by whichever worker replica gets there first. */
@Injectable()
export class RailAttemptsStore {
  private readonly columns: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.columns = transactionColumns(dataSource, 't');
  }

  /**
   * Takes up to `limit` due attempts, oldest first, and leases them for `leaseMs` by moving their due
   * time: the claim commits at once, so no lock is held while the ledger is called, and an attempt
   * whose worker died becomes due again when the lease runs out. SKIP LOCKED lets replicas claim
   * side by side without waiting for each other. Parked attempts are left alone.
   */
  claimDue(limit: number, leaseMs: number): Promise<DueTransaction[]> {
    return this.dataSource.query(
      `WITH due AS (
         SELECT transaction_id, due_at FROM rail_attempts
         WHERE finished_at IS NULL AND parked_at IS NULL AND due_at <= now()
         ORDER BY due_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE rail_attempts a
         SET due_at = now() + $2 * interval '1 millisecond', tries = a.tries + 1
         FROM due
         WHERE a.transaction_id = due.transaction_id
         RETURNING a.transaction_id, a.answer, a.failure_detail, a.failed_leg, a.tries, due.due_at
       )
       SELECT ${this.columns}, claimed.answer AS "answer", claimed.failure_detail AS "railFailureDetail", claimed.failed_leg AS "failedLeg",
         claimed.tries AS "tries", extract(epoch FROM now() - claimed.due_at)::float8 AS "lagSeconds"
       FROM claimed JOIN transactions t ON t.id = claimed.transaction_id`,
      [limit, leaseMs],
    );
  }

  /** Makes failed attempts due again after their back-off; an attempt closed meanwhile stays closed. */
  async retryLater(manager: EntityManager, retries: Retry[]): Promise<void> {
    if (retries.length === 0) return;
    await manager.query(
      `UPDATE rail_attempts a
       SET due_at = now() + r.delay_ms * interval '1 millisecond', last_error = r.error
       FROM unnest($1::uuid[], $2::integer[], $3::text[]) AS r (id, delay_ms, error)
       WHERE a.transaction_id = r.id AND a.finished_at IS NULL`,
      [
        retries.map((retry) => retry.id),
        retries.map((retry) => retry.delayMs),
        retries.map((retry) => retry.error),
      ],
    );
  }

  /** Closes attempts that have nothing left to do. */
  async close(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE rail_attempts SET finished_at = now() WHERE transaction_id = ANY($1::uuid[]) AND finished_at IS NULL`,
      [ids],
    );
  }
}
