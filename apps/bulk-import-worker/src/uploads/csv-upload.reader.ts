import { ApiException } from '@payments/http';
import busboy from 'busboy';
import { CsvError, parse } from 'csv-parse';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { CsvRowCounter, textBeforeBadBytes } from '@bulk-import/uploads/csv-row-counter';

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
  ) {
    super(reason);
  }
}

export interface CsvUpload {
  header: string[];
  /** The data rows, from row 2 on. */
  rows: AsyncGenerator<CsvRecord>;
}

/**
 * Opens the CSV in a multipart upload and reads its header row. The rows are read as they arrive:
 * the body is never held whole, and reading waits whenever the consumer does. Fails with 400 for a
 * body that is not multipart, lacks the `file` part, or has no readable header row, and with 413
 * past `maxBytes`; the rows fail with UnreadableFile where the content stops being UTF-8 CSV.
 */
export async function openCsvUpload(
  body: Readable,
  headers: IncomingHttpHeaders,
  { maxBytes }: { maxBytes: number },
): Promise<CsvUpload> {
  const { file, release } = await filePart(body, headers, maxBytes);
  let header: string[] | undefined;
  // Caught as parsed: a failure further on discards what the parser still buffers, the header too.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (record: string[]) => {
      header ??= record;
      return record;
    },
  });
  const text = strictUtf8();
  // pipe() passes data on, not failures: each one ends the parse, and with it the reading.
  file.on('limit', () =>
    parser.destroy(new ApiException('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`)),
  );
  file.on('error', () => parser.destroy(malformed()));
  text.on('error', (error) => parser.destroy(error));
  body.on('close', () => {
    if (!isComplete(body)) parser.destroy(new Error('The client stopped sending the upload'));
  });
  file.pipe(text).pipe(parser);
  const records = recordsOf(parser, release);
  let first: IteratorResult<CsvRecord>;
  try {
    first = await records.next();
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    if (!header) {
      const where =
        error.rowNumber === 1 ? 'The header row is' : `The file from row ${error.rowNumber} on is`;
      throw new ApiException('INVALID_INPUT', `${where} ${error.message}`);
    }
    return { header, rows: failing(error) };
  }
  if (first.done)
    throw new ApiException('INVALID_INPUT', 'The file is empty: it needs a header row naming its columns');
  return { header: first.value.fields, rows: records };
}

/** The parsed records; reading stopped early (a failure, a refusal) lets the rest of the body go unparsed. */
async function* recordsOf(parser: ReturnType<typeof parse>, release: () => void): AsyncGenerator<CsvRecord> {
  let rowNumber = 0;
  let complete = false;
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      yield { fields, rowNumber };
    }
    complete = true;
  } catch (error) {
    if (error instanceof CsvError) {
      throw new UnreadableFile(parser.info.records + 1, `not readable as CSV (${error.message})`);
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
        new ApiException('INVALID_INPUT', `Send the CSV as multipart/form-data in the part "${FILE_PART}"`),
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
          body.resume();
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
          new ApiException('INVALID_INPUT', `The multipart body has no part "${FILE_PART}" with the CSV`),
        );
    });
    body.pipe(parts);
  });
}

function malformed(): ApiException {
  return new ApiException('INVALID_INPUT', 'The multipart body is malformed');
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
    callback(new UnreadableFile(rows.currentRow, 'not UTF-8 text; save the file as CSV UTF-8'));
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
