import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { StoredRow } from '@bulk-import/csv/csv-row';

/** Names of spool files, by which the sweeper (spool.worker.ts) knows its own files in /tmp. */
export const SPOOL_FILE_PATTERN = /^bulk-upload-[0-9a-f-]{36}\.ndjson$/;

/**
 * The rows of an upload on local disk (the pod's /tmp), one JSON line each, while the client is
 * still sending: the database is touched only once the whole file is here and judged, in one short
 * transaction, so a slow client holds a file descriptor rather than a pooled connection
 * (docs/architecture.md, bulk import).
 */
export class RowSpool {
  private readonly path: string;
  private readonly out: ReturnType<typeof createWriteStream>;
  private written = 0;
  /** A failure of the disk, raised to the next caller; kept so that it is never an unhandled 'error'. */
  private failure?: Error;

  constructor(directory = tmpdir()) {
    this.path = join(directory, `bulk-upload-${randomUUID()}.ndjson`);
    this.out = createWriteStream(this.path);
    this.out.on('error', (error) => (this.failure ??= error));
  }

  get rowCount(): number {
    return this.written;
  }

  async append(row: StoredRow): Promise<void> {
    if (this.failure) throw this.failure;
    this.written += 1;
    if (!this.out.write(`${JSON.stringify(row)}\n`)) await once(this.out, 'drain');
  }

  /** Ends the writing; the rows can then be read back. */
  async close(): Promise<void> {
    this.out.end();
    if (!this.out.writableFinished) await once(this.out, 'finish');
  }

  /** The rows in the order they were appended. */
  async *rows(): AsyncGenerator<StoredRow> {
    const lines = createInterface({ input: createReadStream(this.path), crlfDelay: Infinity });
    for await (const line of lines) yield JSON.parse(line) as StoredRow;
  }

  /** Deletes the file, whatever happened to the upload. */
  async remove(): Promise<void> {
    // The file is opened asynchronously: wait for the stream to close so it is not created after rm.
    if (!this.out.closed) {
      // Not once(): a write cut short by destroy() emits 'error', which once() would reject on.
      const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()));
      this.out.destroy();
      await closed;
    }
    await rm(this.path, { force: true });
  }
}
