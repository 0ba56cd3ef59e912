import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PlatformScope } from '@payments/http';
import { DataSource } from 'typeorm';
import { ExportedTransactionRow } from '@transfers/reports/export-row';

/** Rows per FETCH: one ledger call per batch, a few hundred kilobytes of lines at most. */
export const EXPORT_BATCH_SIZE = 1000;

export interface ExportWindow {
  start: Date;
  /** Exclusive. */
  end: Date;
}

/**
 * The transactions of the caller's platform and environment that changed state in the window, each
 * with its status as of the window's end (the last change before the end, else the one the first
 * later change left), so a transaction that completed after the window shows as it stood. Two
 * index range scans that stream, so the first rows come at once however long the window: those with
 * a status change in the window, at their first one (history by time), then those only created in
 * it (by creation time). No sort and no set of ids to build first.
 */
const EXPORT_SQL = `
  WITH changed AS (
    SELECT t.*, h.at AS changed_at
      FROM transaction_status_history h
      JOIN transactions t ON t.id = h.transaction_id
     WHERE h.at >= $3 AND h.at < $4 AND t.platform_id = $1 AND t.environment = $2
       AND NOT EXISTS (
         SELECT 1 FROM transaction_status_history earlier
          WHERE earlier.transaction_id = h.transaction_id AND earlier.at >= $3 AND earlier.id < h.id)
    UNION ALL
    SELECT t.*, t.created_at AS changed_at
      FROM transactions t
     WHERE t.platform_id = $1 AND t.environment = $2 AND t.created_at >= $3 AND t.created_at < $4
       AND NOT EXISTS (
         SELECT 1 FROM transaction_status_history h
          WHERE h.transaction_id = t.id AND h.at >= $3 AND h.at < $4)
  )
  SELECT c.id, c.type, coalesce(before_end.to_status, after_end.from_status, c.status) AS status,
         c.created_at, c.settled_at, c.customer_id, c.platform_customer_id, c.sent_amount, c.source_currency,
         c.received_amount, c.destination_currency, c.platform_fee, c.service_fee, c.exchange_rate,
         c.quote_id, c.reference
    FROM changed c
    LEFT JOIN LATERAL (
      SELECT to_status FROM transaction_status_history h
       WHERE h.transaction_id = c.id AND h.at < $4 ORDER BY h.id DESC LIMIT 1) before_end ON true
    LEFT JOIN LATERAL (
      SELECT from_status FROM transaction_status_history h
       WHERE h.transaction_id = c.id AND h.at >= $4 ORDER BY h.id LIMIT 1) after_end ON true`;

/**
 * Reads the export through a server-side cursor in one read-only repeatable-read transaction: one
 * scan, one consistent snapshot, and only one batch in this process's memory at a time. The
 * connection is held until the consumer has read the last batch or gone away (the generator's
 * `finally`), so the service bounds how many exports run at once.
 */
@Injectable()
export class TransactionsExportStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async *batches(scope: PlatformScope, window: ExportWindow): AsyncGenerator<ExportedTransactionRow[]> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let committed = false;
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await runner.query(`DECLARE transactions_export NO SCROLL CURSOR FOR ${EXPORT_SQL}`, [
        scope.platformId,
        scope.environment,
        window.start,
        window.end,
      ]);
      for (;;) {
        const rows: ExportedTransactionRow[] = await runner.query(
          `FETCH ${EXPORT_BATCH_SIZE} FROM transactions_export`,
        );
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_BATCH_SIZE) break;
      }
      await runner.query('COMMIT');
      committed = true;
    } finally {
      // A consumer gone mid-way (or a failed read) leaves the transaction open on the pooled connection.
      if (!committed) await runner.query('ROLLBACK').catch(() => undefined);
      await runner.release();
    }
  }
}
