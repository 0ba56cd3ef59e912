import { ApiException } from '@payments/http';
import busboy from 'busboy';
import { CsvError, parse } from 'csv-parse';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { CsvRowCounter, textBeforeBadBytes } from '@bulk-import/uploads/csv-row-counter';
import { IdleTimer } from '@bulk-import/uploads/idle-timer';

/** The multipart part that carries the CSV (docs/api.md, "Bulk import"). */
export const FILE_PART = 'file';

export interface CsvRecord {
  fields: string[];
  /** The record's place in the file, the header being row 1. */
  rowNumber: number;
}

/** The file stopped being readable CSV at `rowNumber`: not UTF-8 text, or broken quoting. */
export class UnreadableFile extends Error {
  constructor(
    readonly rowNumber: number,
    reason: string,
    /** What makes the file readable, told to the client after a colon. */
    readonly remedy: string,
  ) {
    super(reason);
  }

  /** Where the file stops being readable, why, what came of it (`outcome`), and how to make it readable. */
  explained(outcome = ''): string {
    const where = this.rowNumber === 1 ? 'The header row is' : `The file from row ${this.rowNumber} on is`;
    return `${where} ${this.message}${outcome}: ${this.remedy}`;
  }
}

/** What to do with a file past a bulk upload's size, told after the limit it passes. */
export const SPLIT_FILE = 'split the rows into several files, each with the header row, and upload each';

export interface UploadLimits {
  /** Bytes the file may hold (413 past it). */
  maxBytes: number;
  /** Characters one record may hold, the header too (400 naming the row past it). */
  maxRecordBytes: number;
  /** Fields one record may hold (400 naming the row past it). */
  maxColumns: number;
  /** Silence after which the upload is abandoned (408). */
  idleTimeoutMs: number;
}

export interface CsvUpload {
  header: string[];
  /** The data rows, from row 2 on. */
  rows: AsyncGenerator<CsvRecord>;
}

/**
 * Opens the CSV in a multipart upload and reads its header row. The rows are read as they arrive:
 * the body is never held whole, nor is one record past `maxRecordBytes` (csv-parse stops at that
 * size), and reading waits whenever the consumer does. Fails with 400 for a body that is not
 * multipart, lacks the `file` part, has no readable header row, or holds a record too long or too
 * wide (naming the row), with 413 past `maxBytes` and with 408 once the client falls silent for
 * `idleTimeoutMs`; the rows fail with UnreadableFile where the content stops being UTF-8 CSV.
 */
export async function openCsvUpload(
  body: Readable,
  headers: IncomingHttpHeaders,
  limits: UploadLimits,
): Promise<CsvUpload> {
  const idle = new IdleTimer(limits.idleTimeoutMs);
  // A listener beside the pipe sees every chunk and leaves the pipe's flow control alone.
  body.on('data', () => idle.touch());
  body.once('end', () => idle.stop());
  body.once('close', () => idle.stop());
  const opening = filePart(body, headers, limits.maxBytes);
  opening.catch(() => undefined);
  const { file, release } = await Promise.race([opening, idle.expired]).catch((error: unknown) => {
    if (error instanceof ApiException && error.code === 'REQUEST_TIMEOUT') dropRest(body);
    throw error;
  });
  let header: string[] | undefined;
  // Caught as parsed: a failure further on discards what the parser still buffers, the header too.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: limits.maxRecordBytes,
    on_record: (record: string[]) => {
      header ??= record;
      return record;
    },
  });
  const text = strictUtf8();
  // pipe() passes data on, not failures: each one ends the parse, and with it the reading.
  file.on('limit', () =>
    parser.destroy(
      new ApiException(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than ${limits.maxBytes} bytes, the most a bulk upload may hold: ${SPLIT_FILE}`,
        { maxBytes: limits.maxBytes },
      ),
    ),
  );
  file.on('error', () => parser.destroy(malformed()));
  text.on('error', (error) => parser.destroy(error));
  idle.expired.catch((error: Error) => parser.destroy(error));
  body.on('close', () => {
    if (!isComplete(body)) parser.destroy(new Error('The client stopped sending the upload'));
  });
  file.pipe(text).pipe(parser);
  const records = recordsOf(parser, limits, release);
  let first: IteratorResult<CsvRecord>;
  try {
    first = await records.next();
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    if (!header) throw new ApiException('INVALID_INPUT', error.explained());
    return { header, rows: failing(error) };
  }
  if (first.done)
    throw new ApiException(
      'INVALID_INPUT',
      'The file is empty: upload a CSV whose first row names its columns (see Bulk import in docs/api.md), then one row per customer',
    );
  return { header: first.value.fields, rows: records };
}

/**
 * The parsed records, each within the record limits; reading stopped early (a failure, a refusal)
 * lets the rest of the body go unparsed.
 */
async function* recordsOf(
  parser: ReturnType<typeof parse>,
  { maxRecordBytes, maxColumns }: UploadLimits,
  release: () => void,
): AsyncGenerator<CsvRecord> {
  let rowNumber = 0;
  let complete = false;
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      if (fields.length > maxColumns) {
        throw new ApiException(
          'INVALID_INPUT',
          `Row ${rowNumber} has ${fields.length} fields, more than the ${maxColumns} a row may have: remove the extra columns (a spreadsheet may export empty ones at the end)`,
          {
            row: rowNumber,
            maxColumns,
          },
        );
      }
      yield { fields, rowNumber };
    }
    complete = true;
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      const row = parser.info.records + 1;
      const message = `Row ${row} is longer than ${maxRecordBytes} characters, the most a row may hold: shorten its values, or close the quote that runs it into the rows after it`;
      throw new ApiException('INVALID_INPUT', message, {
        row,
        maxRecordBytes,
      });
    }
    if (error instanceof CsvError) {
      throw new UnreadableFile(
        parser.info.records + 1,
        `not readable as CSV (${error.message})`,
        'put a value holding a comma, a quote or a line break in double quotes, doubling each quote in it, and upload the file again',
      );
    }
    throw error;
  } finally {
    if (!complete) release();
  }
}

// eslint-disable-next-line require-yield
async function* failing(error: Error): AsyncGenerator<CsvRecord> {
  throw error;
}

/**
 * The stream of the upload's `file` part, once busboy finds it, and how to stop parsing: the rest of
 * the body is then read and dropped, so that the client, still sending, gets the answer (a 413, say)
 * instead of a closed connection.
 */
function filePart(
  body: Readable,
  headers: IncomingHttpHeaders,
  maxBytes: number,
): Promise<{ file: Readable; release: () => void }> {
  return new Promise((resolve, reject) => {
    let parts: busboy.Busboy;
    try {
      parts = busboy({ headers, limits: { files: 1, fileSize: maxBytes, fields: 20, parts: 20 } });
    } catch {
      reject(
        new ApiException(
          'INVALID_INPUT',
          `The body is not multipart/form-data with a boundary: send the CSV as multipart/form-data in the part "${FILE_PART}" (curl -F ${FILE_PART}=@customers.csv)`,
        ),
      );
      return;
    }
    let found = false;
    parts.on('file', (name, stream) => {
      if (name !== FILE_PART || found) {
        stream.resume();
        return;
      }
      found = true;
      resolve({
        file: stream,
        release: () => {
          body.unpipe(parts);
          stream.resume();
          dropRest(body);
        },
      });
    });
    parts.on('error', () => reject(malformed()));
    body.on('close', () => {
      if (!isComplete(body)) reject(new Error('The client stopped sending the upload'));
    });
    parts.on('close', () => {
      if (!found)
        reject(
          new ApiException(
            'INVALID_INPUT',
            `The multipart body has no part "${FILE_PART}" with the CSV: send the file in a part named "${FILE_PART}" (curl -F ${FILE_PART}=@customers.csv)`,
          ),
        );
    });
    body.pipe(parts);
  });
}

/** Reads and drops what the client still sends, so that it gets the answer rather than a reset. */
function dropRest(body: Readable): void {
  body.unpipe();
  body.resume();
}

function malformed(): ApiException {
  return new ApiException(
    'INVALID_INPUT',
    `The multipart body is malformed (cut short, or a part without its boundary): send it again as multipart/form-data with the CSV in the part "${FILE_PART}"`,
  );
}

/** Whether the whole body arrived (an IncomingMessage says so; any other stream is taken as whole). */
function isComplete(body: Readable): boolean {
  return (body as Readable & { complete?: boolean }).complete !== false;
}

/**
 * Passes UTF-8 text on and fails where the bytes are not UTF-8 (a spreadsheet saved in another
 * encoding, a binary file), naming the row of the first bad byte.
 */
function strictUtf8(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const rows = new CsvRowCounter();
  const fail = (callback: (error: Error) => void, before: string) => {
    rows.feed(before);
    callback(
      new UnreadableFile(rows.currentRow, 'not UTF-8 text', 'save the file as CSV UTF-8 and upload it again'),
    );
  };
  return new Transform({
    decodeStrings: true,
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, callback) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        fail(callback, textBeforeBadBytes(chunk));
        return;
      }
      rows.feed(text);
      callback(null, text);
    },
    flush(callback) {
      try {
        callback(null, decoder.decode());
      } catch {
        fail(callback, '');
      }
    },
  });
}
