import { Injectable } from '@nestjs/common';
import { ApiException, Caller, PlatformScope, scopeOf } from '@payments/http';
import { Readable } from 'node:stream';
import { CSV_HEADER, csvLine, exportLineOf, jsonLine, transactionApiId } from '@transfers/reports/export-row';
import { ExportFormat, TransactionsExportQuery } from '@transfers/reports/dto/transactions-export.query';
import { LedgerPostingsClient } from '@transfers/reports/ledger-postings.client';
import { ExportWindow, TransactionsExportStore } from '@transfers/reports/transactions-export.store';

const MAX_WINDOW_MS = 31 * 86_400_000;
/**
 * Exports running at once per replica: each holds a database connection for as long as its client
 * reads, so more would take the connections the rest of the API needs.
 */
export const MAX_CONCURRENT_EXPORTS = 2;

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  jsonl: 'application/x-ndjson',
};

/** GET /reports/transactions: judged whole before the first byte, then streamed batch by batch. */
@Injectable()
export class TransactionsExportService {
  private running = 0;

  constructor(
    private readonly store: TransactionsExportStore,
    private readonly ledger: LedgerPostingsClient,
  ) {}

  /** The export as a byte stream that reads the next batch only when the client has taken the last. */
  open(caller: Caller, query: TransactionsExportQuery): Readable {
    const window = windowOf(query);
    const scope = scopeOf(caller);
    if (this.running >= MAX_CONCURRENT_EXPORTS) {
      throw ApiException.retryLater('RATE_LIMITED', 'Too many exports are running; try again shortly', 30);
    }
    this.running++;
    const stream = Readable.from(this.lines(caller, scope, window, query.format ?? 'csv'), {
      objectMode: false,
    });
    stream.once('close', () => this.running--);
    return stream;
  }

  private async *lines(
    caller: Caller,
    scope: PlatformScope,
    window: ExportWindow,
    format: ExportFormat,
  ): AsyncGenerator<string> {
    if (format === 'csv') yield CSV_HEADER;
    const toLine = format === 'csv' ? csvLine : jsonLine;
    for await (const rows of this.store.batches(scope, window)) {
      const postings = await this.ledger.postingIdsOf(caller, rows.map(transactionApiId));
      yield rows.map((row) => toLine(exportLineOf(row, postings.get(transactionApiId(row)) ?? []))).join('');
    }
  }
}

function windowOf(query: TransactionsExportQuery): ExportWindow {
  const start = new Date(query.startDate);
  const end = new Date(query.endDate);
  const span = end.getTime() - start.getTime();
  if (span <= 0 || span > MAX_WINDOW_MS) {
    throw ApiException.invalidInput([
      { field: 'endDate', message: 'must be after startDate and at most 31 days later' },
    ]);
  }
  return { start, end };
}
