import { Logger } from '@nestjs/common';
import { scopeOf } from '@payments/http';
import { register } from 'prom-client';
import { KNOWN_COLUMNS } from '@bulk-import/csv/csv-columns';
import { COLUMNS, csvOf, individual, Row } from '@bulk-import/csv/__tests__/csv-fixtures';
import { caller, upload, uploadsService, Write } from '@bulk-import/uploads/__tests__/uploads-kit';

/** A row as a chunk stores it: its values for the job's (known) columns. */
const stored = (row: Row) => KNOWN_COLUMNS.map((column) => row[column] ?? '');
const rows = (count: number) => Array.from({ length: count }, (_, index) => individual(`c${index + 1}`));

const uploadsCounted = async (outcome: string) =>
  (await register.getSingleMetric('bulk_import_uploads_total')!.get()).values.find(
    (value) => value.labels.outcome === outcome,
  )?.value ?? 0;

beforeAll(() => Logger.overrideLogger(false));

describe('UploadsService', () => {
  it('stores the rows in chunks of BULK_CHUNK_ROWS, known columns only, in one transaction, then queues them', async () => {
    const { service, tables, queue } = uploadsService({ BULK_CHUNK_ROWS: 2 });
    const before = await uploadsCounted('accepted');
    const file = rows(5);

    const accepted = await service.accept(caller, upload(csvOf(file)));

    const [job] = tables.committed as Extract<Write, { kind: 'job' }>[];
    expect(tables.committed).toEqual([
      { kind: 'job', id: job.id, scope: scopeOf(caller), columns: KNOWN_COLUMNS, fieldCount: COLUMNS.length },
      { kind: 'chunk', chunkIndex: 0, firstRow: 2, rows: [stored(file[0]), stored(file[1])] },
      { kind: 'chunk', chunkIndex: 1, firstRow: 4, rows: [stored(file[2]), stored(file[3])] },
      { kind: 'chunk', chunkIndex: 2, firstRow: 6, rows: [stored(file[4])] },
      { kind: 'seal', totalRows: 5, chunkCount: 3 },
    ]);
    expect(accepted).toEqual({
      jobId: `Job:${job.id}`,
      status: 'PENDING',
      ignoredColumns: ['internalNotes'],
    });
    expect(queue.enqueue).toHaveBeenCalledWith(job.id, [0, 1, 2]);
    expect(tables.runner.release).toHaveBeenCalled();
    expect(await uploadsCounted('accepted')).toBe(before + 1);
  });

  it('keeps a row with another number of fields than the header as that number, to fail alone later', async () => {
    const { service, tables } = uploadsService({ BULK_CHUNK_ROWS: 10 });

    await service.accept(caller, upload(csvOf([individual('c1'), 'too,few,fields'])));

    expect(tables.committed[1]).toEqual({
      kind: 'chunk',
      chunkIndex: 0,
      firstRow: 2,
      rows: [stored(individual('c1')), 3],
    });
  });

  it('completes a file of a header alone at once, queueing nothing', async () => {
    const { service, tables, queue } = uploadsService();

    expect(await service.accept(caller, upload(csvOf([])))).toMatchObject({ status: 'COMPLETED' });

    expect(tables.committed.map(({ kind }) => kind)).toEqual(['job', 'seal']);
    expect(queue.enqueue).not.toHaveBeenCalled();
  });

  it('refuses a header without a required column or with one named twice with 400, before anything is stored', async () => {
    const { service, dataSource } = uploadsService();
    const before = await uploadsCounted('refused');
    const header = [...COLUMNS.filter((column) => column !== 'umaAddress'), 'email'];

    await expect(service.accept(caller, upload(csvOf([individual('c1')], header)))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message:
        'The CSV header is not usable (missing required columns: umaAddress; columns named twice: email): add umaAddress to the header row and name each column once (see Bulk import in docs/api.md)',
      details: { missingColumns: ['umaAddress'], duplicateColumns: ['email'] },
    });
    expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
    expect(await uploadsCounted('refused')).toBe(before + 1);
  });

  it('refuses more rows than BULK_MAX_ROWS with 413, leaving nothing stored or queued', async () => {
    const { service, tables, queue, dataSource } = uploadsService({ BULK_MAX_ROWS: 3, BULK_CHUNK_ROWS: 2 });
    expect(
      await uploadsService({ BULK_MAX_ROWS: 3 }).service.accept(caller, upload(csvOf(rows(3)))),
    ).toMatchObject({
      status: 'PENDING',
    });

    await expect(service.accept(caller, upload(csvOf(rows(4))))).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The file has more than 3 rows, the most a bulk upload may hold: split the rows into several files, each with the header row, and upload each',
      details: { maxRows: 3 },
    });

    expect(tables.committed).toEqual([]);
    expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
    expect(queue.enqueue).not.toHaveBeenCalled();
  });

  it('refuses a body whose Content-Length passes BULK_MAX_BYTES before reading it', async () => {
    const { service, dataSource } = uploadsService({ BULK_MAX_BYTES: 1024 });

    await expect(service.accept(caller, upload(csvOf(rows(10))))).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(
        /^The upload is \d+ bytes, more than the 1024 a bulk upload may hold: split /,
      ),
      details: { maxBytes: 1024 },
    });
    expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
  });

  it('fails the job of a file that stops being UTF-8, naming the row and keeping none of the rows before it', async () => {
    const { service, tables, queue } = uploadsService({ BULK_CHUNK_ROWS: 2 });
    const before = await uploadsCounted('failed');

    // Row 4 starts in the part before the one whose bytes are not UTF-8.
    const accepted = await service.accept(caller, upload(`${csvOf(rows(2))}$c3@`, Buffer.from([0xff, 0x0a])));

    expect(accepted.status).toBe('FAILED');
    expect(tables.committed).toEqual([
      expect.objectContaining({ kind: 'job' }),
      {
        kind: 'fail',
        error: {
          rowNumber: 4,
          correlationId: 'row_4',
          code: 'INVALID_INPUT',
          message:
            'The file from row 4 on is not UTF-8 text, so no row was imported: save the file as CSV UTF-8 and upload it again',
          details: { row: 4 },
        },
      },
    ]);
    expect(queue.enqueue).not.toHaveBeenCalled();
    expect(await uploadsCounted('failed')).toBe(before + 1);
  });

  it('names the row of a bad byte that comes in the same part as the header, refusing the file', async () => {
    const { service, dataSource } = uploadsService();

    await expect(
      service.accept(
        caller,
        upload(Buffer.concat([Buffer.from(`${csvOf(rows(2))}$c3@`), Buffer.from([0xff])])),
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The file from row 4 on is not UTF-8 text: save the file as CSV UTF-8 and upload it again',
    });
    expect(dataSource.createQueryRunner).not.toHaveBeenCalled();
  });
});
