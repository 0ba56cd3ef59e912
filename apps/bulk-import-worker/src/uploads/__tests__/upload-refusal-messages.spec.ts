import { ApiException } from '@payments/http';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { openCsvUpload, UploadLimits } from '@bulk-import/uploads/csv-upload.reader';
import { IdleTimer } from '@bulk-import/uploads/idle-timer';

const BOUNDARY = 'refusal-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const LIMITS: UploadLimits = { maxBytes: 1 << 20, maxRecordBytes: 200, maxColumns: 4, idleTimeoutMs: 5_000 };

function multipart(text: string, part = 'file'): Readable {
  return Readable.from([
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part}"; filename="customers.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`,
  ]);
}

/** The refusal of an upload, read to its end. */
async function refusalOf(body: Readable, headers: IncomingHttpHeaders = MULTIPART): Promise<ApiException> {
  try {
    const { rows } = await openCsvUpload(body, headers, LIMITS);
    while (!(await rows.next()).done);
  } catch (error) {
    return error as ApiException;
  }
  throw new Error('the upload was not refused');
}

// docs/api.md#errors: each refusal of a bulk upload says what is wrong with the file and, after a
// colon, what to do; the code and status stay as documented.
describe('bulk upload refusals', () => {
  it.each([
    [
      'a multipart type without a boundary',
      () => refusalOf(multipart('a,b\n'), { 'content-type': 'multipart/form-data' }),
      'The body is not multipart/form-data with a boundary: send the CSV as multipart/form-data in the part "file"',
    ],
    [
      'no part named file',
      () => refusalOf(multipart('a,b\n', 'csv')),
      'The multipart body has no part "file" with the CSV: send the file in a part named "file"',
    ],
    [
      'an empty file',
      () => refusalOf(multipart('')),
      'The file is empty: upload a CSV whose first row names its columns',
    ],
    [
      'a row too wide',
      () => refusalOf(multipart('a,b\n1,2,3,4,5,6\n')),
      'Row 2 has 6 fields, more than the 4 a row may have: remove the extra columns',
    ],
    [
      'a row too long',
      () => refusalOf(multipart(`a,b\n"${'x'.repeat(300)}\n`)),
      'Row 2 is longer than 200 characters, the most a row may hold: shorten its values, or close the quote',
    ],
    [
      'a header that is not CSV',
      () => refusalOf(multipart('a,"b\n')),
      'The header row is not readable as CSV (',
    ],
  ])('names %s and what to do', async (_case, refused, start) => {
    const refusal = await refused();

    expect(refusal).toMatchObject({ code: 'INVALID_INPUT', status: 400 });
    expect(refusal.message.startsWith(start)).toBe(true);
  });

  it('says a header that is not CSV needs its quoting fixed', async () => {
    expect((await refusalOf(multipart('a,"b\n'))).message).toMatch(
      /: put a value holding a comma, a quote or a line break in double quotes, doubling each quote in it, and upload the file again$/,
    );
  });

  it('says an abandoned upload was abandoned and is to be sent again', async () => {
    jest.useFakeTimers();
    const timer = new IdleTimer(1_000);
    const expired = timer.expired.catch((error: ApiException) => error);
    jest.advanceTimersByTime(1_000);
    jest.useRealTimers();

    expect(await expired).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message:
        'No part of the upload arrived for 1000 ms, so it was abandoned: send it again, without pausing',
      details: { idleTimeoutMs: 1000 },
    });
  });
});
