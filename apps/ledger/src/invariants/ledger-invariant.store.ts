import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { InvariantCheck, violationCountSql } from '@ledger/invariants/ledger-invariants';

/** What one run of the checks found, and the database time of the snapshot it read. */
export interface InvariantRun {
  violations: number;
  snapshotAt: Date;
}

/** Held for the run's transaction: the replicas take turns, never checking at the same time. */
const CHECK_LOCK = 'ledger-invariant-check';

@Injectable()
export class LedgerInvariantStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs the checks in one read-only repeatable-read snapshot (postings committing meanwhile cannot
   * make a balance look wrong); undefined when another replica is checking now.
   */
  run(checks: readonly InvariantCheck[], parameters: unknown[] = []): Promise<InvariantRun | undefined> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      await manager.query('SET TRANSACTION READ ONLY');
      const [{ locked, snapshot_at }]: { locked: boolean; snapshot_at: Date }[] = await manager.query(
        'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked, now() AS snapshot_at',
        [CHECK_LOCK],
      );
      if (!locked) return undefined;
      let violations = 0;
      for (const check of checks) {
        const [{ count }]: { count: number }[] = await manager.query(violationCountSql(check), parameters);
        violations += count;
      }
      return { violations, snapshotAt: snapshot_at };
    });
  }
}
