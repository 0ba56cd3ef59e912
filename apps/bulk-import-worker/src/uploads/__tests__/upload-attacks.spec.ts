import { Logger } from '@nestjs/common';
import { readdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { csvOf, individual } from '@bulk-import/csv/__tests__/csv-fixtures';
import { caller, uploadsService } from '@bulk-import/uploads/__tests__/uploads-kit';

const BOUNDARY = 'attack-boundary';
const PREAMBLE =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"\r\n` +
  'Content-Type: text/csv\r\n\r\n';

/** A multipart upload whose body the test feeds by hand, as a slow or hostile client would. */
function handFedUpload(): { request: IncomingMessage; send: (text: string) => void; finish: () => void } {
  const body = new Readable({ read: () => undefined });
  body.push(PREAMBLE);
  const request = Object.assign(body, {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  }) as unknown as IncomingMessage;
  return {
    request,
    send: (text) => body.push(text),
    finish: () => {
      body.push(`\r\n--${BOUNDARY}--\r\n`);
      body.push(null);
    },
  };
}

/** A record of 1 MiB that never ends: no line break, no closing boundary, the client just stops. */
function unendingRecordUpload(header: string) {
  let sent = 0;
  const body = new Readable({
    read() {
      sent += 1;
      if (sent === 1) this.push(`${PREAMBLE}${header}\n`);
      else if (sent <= 65) this.push('a'.repeat(16 * 1024));
    },
  });
  const request = Object.assign(body, {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  }) as unknown as IncomingMessage;
  return { request, hangUp: () => body.destroy() };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeAll(() => Logger.overrideLogger(false));

describe('bulk upload under attack', () => {
  it('holds no database connection while a slow client is still sending, and writes once it is done', async () => {
    const { service, dataSource, tables } = uploadsService({ BULK_CHUNK_ROWS: 2 });
    const { request, send, finish } = handFedUpload();
    const [header, ...rows] = csvOf([individual('c1'), individual('c2'), individual('c3')]).split('\n');

    const accepting = service.accept(caller, request);
    send(`${header}\n`);
    for (const row of rows) {
      send(`${row}\n`);
      await turn();
      expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
    }
    finish();

    expect(await accepting).toMatchObject({ status: 'PENDING' });
    expect(dataSource.createQueryRunner).toHaveBeenCalledTimes(1);
    expect(tables.committed.map(({ kind }) => kind)).toEqual(['job', 'chunk', 'chunk', 'seal']);
  });

  it('refuses a huge record with 400 naming its row once it passes the limit, never waiting for its end', async () => {
    const { service, dataSource } = uploadsService({ BULK_MAX_RECORD_BYTES: 4 * 1024 });
    const { request, hangUp } = unendingRecordUpload(csvOf([]).trim());

    const refusal = await service.accept(caller, request).catch((error: unknown) => error);
    hangUp();

    expect(refusal).toMatchObject({ code: 'INVALID_INPUT', details: { row: 2, maxRecordBytes: 4 * 1024 } });
    expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
  });

  it('refuses a row with more fields than BULK_MAX_COLUMNS with 400 naming the row', async () => {
    const { service, dataSource } = uploadsService({ BULK_MAX_COLUMNS: 30 });
    const { request, send, finish } = handFedUpload();
    const file = csvOf([individual('c1')]);

    const accepting = service.accept(caller, request);
    send(`${file}${Array(40).fill('x').join(',')}\n`);
    finish();

    await expect(accepting).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { row: 3, maxColumns: 30 },
    });
    expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
  });

  it('abandons a client that falls silent mid-file with 408 REQUEST_TIMEOUT, storing nothing', async () => {
    const { service, dataSource, slots } = uploadsService({ BULK_UPLOAD_IDLE_TIMEOUT_MS: 200 });
    const { request, send } = handFedUpload();
    const [header, row] = csvOf([individual('c1')]).split('\n');

    const accepting = service.accept(caller, request);
    send(`${header}\n${row}\n`);

    await expect(accepting).rejects.toMatchObject({
      code: 'REQUEST_TIMEOUT',
      details: { idleTimeoutMs: 200 },
    });
    expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
    const slot = await slots.acquire.mock.results[0].value;
    expect(slot.release).toHaveBeenCalled();
  });

  it('lets go of the slot and the spool file of a client that hangs up mid-file', async () => {
    const { service, slots } = uploadsService();
    const { request, send } = handFedUpload();
    Object.assign(request, { complete: false });
    const spoolFiles = async () =>
      (await readdir(tmpdir())).filter((name) => name.startsWith('bulk-upload-'));
    const before = await spoolFiles();
    const [header, row] = csvOf([individual('c1')]).split('\n');

    const accepting = service.accept(caller, request);
    send(`${header}\n${row}\n`);
    await turn();
    request.destroy();

    await expect(accepting).rejects.toThrow('The client stopped sending the upload');
    expect(await spoolFiles()).toEqual(before);
    const slot = await slots.acquire.mock.results[0].value;
    expect(slot.release).toHaveBeenCalled();
  });

  it('abandons a client that never sends the file part with 408', async () => {
    const { service } = uploadsService({ BULK_UPLOAD_IDLE_TIMEOUT_MS: 200 });
    const body = new Readable({ read: () => undefined });
    const request = Object.assign(body, {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    }) as unknown as IncomingMessage;

    await expect(service.accept(caller, request)).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});
