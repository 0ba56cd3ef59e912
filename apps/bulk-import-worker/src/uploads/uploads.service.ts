import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { ApiException, Caller, PlatformScope, scopeOf } from '@payments/http';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Counter } from 'prom-client';
import { DataSource, QueryRunner } from 'typeorm';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { ChunkQueue } from '@bulk-import/chunks/chunk-queue';
import { checkHeader, HeaderCheck } from '@bulk-import/csv/csv-columns';
import { StoredRow } from '@bulk-import/csv/csv-row';
import { UploadAcceptedView } from '@bulk-import/jobs/import-job.view';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';
import { CsvRecord, openCsvUpload, UnreadableFile } from '@bulk-import/uploads/csv-upload.reader';

const uploadsAccepted = new Counter({
  name: 'bulk_import_uploads_total',
  help: 'Bulk CSV uploads by outcome: accepted (a job was created), failed (unreadable file), refused (4xx)',
  labelNames: ['outcome'] as const,
});

/**
 * Takes in a bulk CSV upload: checks the header before anything is stored (400 for a missing
 * required column), then streams the rows into chunks in the bulk_import schema, where any replica
 * can read them, all in one transaction, so a refused upload (413) leaves nothing behind. Once
 * committed, the chunks go on the queue. Memory stays bounded by one chunk whatever the file's size.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);
  private readonly maxRows: number;
  private readonly maxBytes: number;
  private readonly chunkRows: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: ImportJobsStore,
    private readonly queue: ChunkQueue,
    config: ConfigService<BulkImportEnvironment, true>,
  ) {
    this.maxRows = config.get('BULK_MAX_ROWS', { infer: true });
    this.maxBytes = config.get('BULK_MAX_BYTES', { infer: true });
    this.chunkRows = config.get('BULK_CHUNK_ROWS', { infer: true });
  }

  async accept(caller: Caller, request: IncomingMessage): Promise<UploadAcceptedView> {
    try {
      const accepted = await this.store(caller, request);
      uploadsAccepted.inc({ outcome: accepted.status === 'FAILED' ? 'failed' : 'accepted' });
      return accepted;
    } catch (error) {
      if (error instanceof ApiException) uploadsAccepted.inc({ outcome: 'refused' });
      throw error;
    }
  }

  private async store(caller: Caller, request: IncomingMessage): Promise<UploadAcceptedView> {
    const scope = scopeOf(caller);
    if (Number(request.headers['content-length']) > this.maxBytes) throw this.tooLarge();
    const { header, rows } = await openCsvUpload(request, request.headers, { maxBytes: this.maxBytes });
    const check = checkHeader(header);
    if (check.missingColumns.length > 0 || check.duplicateColumns.length > 0) {
      const problems = [
        ...(check.missingColumns.length ? [`missing required columns: ${check.missingColumns.join(', ')}`] : []),
        ...(check.duplicateColumns.length ? [`columns named twice: ${check.duplicateColumns.join(', ')}`] : []),
      ];
      throw new ApiException('INVALID_INPUT', `The CSV header is not usable: ${problems.join('; ')}`, {
        missingColumns: check.missingColumns,
        duplicateColumns: check.duplicateColumns,
      });
    }
    const jobId = randomUUID();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let stored: { status: UploadAcceptedView['status']; chunkCount: number; totalRows: number };
    try {
      await runner.startTransaction();
      await this.jobs.insertJob(runner.manager, { id: jobId, scope, columns: check.columns, fieldCount: header.length, requestId: caller.requestId });
      stored = await this.storeRows(runner, jobId, check, header.length, rows, caller.requestId);
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
    this.logger.log({ jobId: toApiId('Job', jobId), ...describe(scope), ...stored }, 'bulk import upload stored');
    if (stored.chunkCount > 0) await this.queue.enqueue(jobId, range(stored.chunkCount));
    return { jobId: toApiId('Job', jobId), status: stored.status, ignoredColumns: check.ignoredColumns };
  }

  /** The rows in chunks of BULK_CHUNK_ROWS; an unreadable file keeps none of them and fails the job. */
  private async storeRows(
    runner: QueryRunner,
    jobId: string,
    check: HeaderCheck,
    fieldCount: number,
    records: AsyncGenerator<CsvRecord>,
    requestId: string | undefined,
  ) {
    await runner.query('SAVEPOINT rows');
    let chunk: StoredRow[] = [];
    let chunkCount = 0;
    let totalRows = 0;
    const flush = async () => {
      await this.jobs.insertChunk(runner.manager, jobId, chunkCount, 2 + chunkCount * this.chunkRows, chunk);
      chunkCount += 1;
      chunk = [];
    };
    try {
      for await (const { fields } of records) {
        totalRows += 1;
        if (totalRows > this.maxRows) throw this.tooLarge();
        chunk.push(fields.length === fieldCount ? check.positions.map((position) => fields[position]) : fields.length);
        if (chunk.length === this.chunkRows) await flush();
      }
      if (chunk.length > 0) await flush();
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      await runner.query('ROLLBACK TO SAVEPOINT rows');
      await this.jobs.failJob(
        runner.manager,
        jobId,
        {
          rowNumber: error.rowNumber,
          correlationId: `row_${error.rowNumber}`,
          code: 'INVALID_INPUT',
          message: `The file is ${error.message} from row ${error.rowNumber} on; no row was imported`,
          details: { row: error.rowNumber },
        },
        requestId,
      );
      return { status: 'FAILED' as const, chunkCount: 0, totalRows: 0 };
    }
    const status = await this.jobs.sealJob(runner.manager, jobId, totalRows, chunkCount, requestId);
    return { status, chunkCount, totalRows };
  }

  private tooLarge(): ApiException {
    return new ApiException(
      'PAYLOAD_TOO_LARGE',
      `A bulk upload may hold at most ${this.maxRows} rows and ${this.maxBytes} bytes`,
      { maxRows: this.maxRows, maxBytes: this.maxBytes },
    );
  }
}

function describe(scope: PlatformScope) {
  return { platformId: toApiId('Platform', scope.platformId), environment: scope.environment };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
