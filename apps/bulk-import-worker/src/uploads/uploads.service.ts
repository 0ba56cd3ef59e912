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
import {
  CsvRecord,
  openCsvUpload,
  SPLIT_FILE,
  UnreadableFile,
  UploadLimits,
} from '@bulk-import/uploads/csv-upload.reader';
import { RowSpool } from '@bulk-import/uploads/row-spool';
import { UploadSlots } from '@bulk-import/uploads/upload-slots';

const uploadsAccepted = new Counter({
  name: 'bulk_import_uploads_total',
  help: 'Bulk CSV uploads by outcome: accepted (a job was created), failed (unreadable file), refused (4xx)',
  labelNames: ['outcome'] as const,
});

/**
 * Takes in a bulk CSV upload: holds one of the platform's upload slots (429 past the cap), checks
 * the header before anything is kept (400 for a missing required column), then reads the rows
 * into a spool on local disk as they arrive, with no database connection held while the client
 * sends. Once the whole file is in, its job and chunks are written in one short transaction, so a
 * refused upload (413, 408) leaves nothing behind, and the chunks go on the queue. Memory stays
 * bounded by one chunk whatever the file's size.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);
  private readonly maxRows: number;
  private readonly chunkRows: number;
  private readonly limits: UploadLimits;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: ImportJobsStore,
    private readonly queue: ChunkQueue,
    private readonly slots: UploadSlots,
    config: ConfigService<BulkImportEnvironment, true>,
  ) {
    this.maxRows = config.get('BULK_MAX_ROWS', { infer: true });
    this.chunkRows = config.get('BULK_CHUNK_ROWS', { infer: true });
    this.limits = {
      maxBytes: config.get('BULK_MAX_BYTES', { infer: true }),
      maxRecordBytes: config.get('BULK_MAX_RECORD_BYTES', { infer: true }),
      maxColumns: config.get('BULK_MAX_COLUMNS', { infer: true }),
      idleTimeoutMs: config.get('BULK_UPLOAD_IDLE_TIMEOUT_MS', { infer: true }),
    };
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
    const length = Number(request.headers['content-length']);
    if (length > this.limits.maxBytes)
      throw this.tooLarge(`The upload is ${length} bytes, more than the ${this.limits.maxBytes}`);
    const slot = await this.slots.acquire(scope);
    const spool = new RowSpool();
    try {
      const { header, rows } = await openCsvUpload(request, request.headers, this.limits);
      const check = usableHeader(header);
      const unreadable = await this.spoolRows(spool, check, header.length, rows);
      await spool.close();
      const jobId = randomUUID();
      const stored = await this.write({ jobId, caller, check, fieldCount: header.length, spool, unreadable });
      this.logger.log(
        { jobId: toApiId('Job', jobId), ...describe(scope), ...stored },
        'bulk import upload stored',
      );
      if (stored.chunkCount > 0) await this.queue.enqueue(jobId, range(stored.chunkCount));
      return { jobId: toApiId('Job', jobId), status: stored.status, ignoredColumns: check.ignoredColumns };
    } finally {
      await spool.remove();
      await slot.release();
    }
  }

  /** Spools the rows as they arrive; answers where the file stopped being readable, if it did. */
  private async spoolRows(
    spool: RowSpool,
    check: HeaderCheck,
    fieldCount: number,
    records: AsyncGenerator<CsvRecord>,
  ): Promise<UnreadableFile | undefined> {
    try {
      for await (const { fields } of records) {
        if (spool.rowCount === this.maxRows)
          throw this.tooLarge(`The file has more than ${this.maxRows} rows, the most`);
        await spool.append(
          fields.length === fieldCount ? check.positions.map((position) => fields[position]) : fields.length,
        );
      }
      return undefined;
    } catch (error) {
      if (error instanceof UnreadableFile) return error;
      throw error;
    }
  }

  /** The job and its chunks of BULK_CHUNK_ROWS in one transaction; an unreadable file keeps no row and fails the job. */
  private async write(upload: SpooledUpload) {
    const { jobId, caller, check, fieldCount, spool, unreadable } = upload;
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const job = {
        id: jobId,
        scope: scopeOf(caller),
        columns: check.columns,
        fieldCount,
        requestId: caller.requestId,
      };
      await this.jobs.insertJob(runner.manager, job);
      const stored = unreadable
        ? await this.failJob(runner, jobId, unreadable, caller.requestId)
        : await this.writeChunks(runner, jobId, spool, caller.requestId);
      await runner.commitTransaction();
      return stored;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  private async writeChunks(
    runner: QueryRunner,
    jobId: string,
    spool: RowSpool,
    requestId: string | undefined,
  ) {
    let chunk: StoredRow[] = [];
    let chunkCount = 0;
    const flush = async () => {
      await this.jobs.insertChunk(runner.manager, jobId, chunkCount, 2 + chunkCount * this.chunkRows, chunk);
      chunkCount += 1;
      chunk = [];
    };
    for await (const row of spool.rows()) {
      chunk.push(row);
      if (chunk.length === this.chunkRows) await flush();
    }
    if (chunk.length > 0) await flush();
    const status = await this.jobs.sealJob(runner.manager, jobId, spool.rowCount, chunkCount, requestId);
    return { status, chunkCount, totalRows: spool.rowCount };
  }

  private async failJob(
    runner: QueryRunner,
    jobId: string,
    error: UnreadableFile,
    requestId: string | undefined,
  ) {
    await this.jobs.failJob(
      runner.manager,
      jobId,
      {
        rowNumber: error.rowNumber,
        correlationId: `row_${error.rowNumber}`,
        code: 'INVALID_INPUT',
        message: error.explained(', so no row was imported'),
        details: { row: error.rowNumber },
      },
      requestId,
    );
    return { status: 'FAILED' as const, chunkCount: 0, totalRows: 0 };
  }

  /** 413 naming the one limit the upload passes (`details` keep both, as before). */
  private tooLarge(passed: string): ApiException {
    return new ApiException('PAYLOAD_TOO_LARGE', `${passed} a bulk upload may hold: ${SPLIT_FILE}`, {
      maxRows: this.maxRows,
      maxBytes: this.limits.maxBytes,
    });
  }
}

interface SpooledUpload {
  jobId: string;
  caller: Caller;
  check: HeaderCheck;
  fieldCount: number;
  spool: RowSpool;
  unreadable: UnreadableFile | undefined;
}

/** The header's check, or 400 naming what makes it unusable. */
function usableHeader(header: string[]): HeaderCheck {
  const check = checkHeader(header);
  if (check.missingColumns.length === 0 && check.duplicateColumns.length === 0) return check;
  const { missingColumns: missing, duplicateColumns: twice } = check;
  const problems = [
    ...(missing.length ? [`missing required columns: ${missing.join(', ')}`] : []),
    ...(twice.length ? [`columns named twice: ${twice.join(', ')}`] : []),
  ];
  const remedies = [
    ...(missing.length ? [`add ${missing.join(', ')} to the header row`] : []),
    ...(twice.length ? ['name each column once'] : []),
  ];
  const message = `The CSV header is not usable (${problems.join('; ')}): ${remedies.join(' and ')} (see Bulk import in docs/api.md)`;
  throw new ApiException('INVALID_INPUT', message, {
    missingColumns: check.missingColumns,
    duplicateColumns: check.duplicateColumns,
  });
}

function describe(scope: PlatformScope) {
  return { platformId: toApiId('Platform', scope.platformId), environment: scope.environment };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
