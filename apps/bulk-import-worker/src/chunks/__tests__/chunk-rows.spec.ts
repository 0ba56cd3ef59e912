import { Logger } from '@nestjs/common';
import { Environment, toApiId } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { attempt, chunkWorker, counted, JOB_ID } from '@bulk-import/chunks/__tests__/chunk-worker-kit';
import { KNOWN_COLUMNS } from '@bulk-import/csv/csv-columns';
import { StoredRow } from '@bulk-import/csv/csv-row';
import { individual, Row, US_ACCOUNT } from '@bulk-import/csv/__tests__/csv-fixtures';
import { ChunkOutcome, StartedChunk } from '@bulk-import/jobs/import-jobs.store';

const PLATFORM = '00000000-0000-4000-8000-000000000002';
const CHUNK_INDEX = 3;
const FIRST_ROW = 8;
/** A row's values for the job's columns, as the chunk stores them. */
const stored = (row: Row): StoredRow => KNOWN_COLUMNS.map((column) => row[column] ?? '');
/** About 300 KiB of JSON: two such rows fill the customers app's body. */
const large = (id: string) => stored(individual(id, { description: 'x'.repeat(300 * 1024) }));
const customersDown = () => ApiException.retryLater('SERVICE_UNAVAILABLE', 'customers did not answer');

const chunkOf = (rows: StoredRow[]): StartedChunk => ({
  jobId: JOB_ID,
  chunkIndex: CHUNK_INDEX,
  scope: { platformId: PLATFORM, environment: Environment.Sandbox },
  requestId: 'req-1',
  columns: [...KNOWN_COLUMNS],
  fieldCount: KNOWN_COLUMNS.length,
  firstRow: FIRST_ROW,
  rows,
});
const keyOf = (part: number) => `${toApiId('Job', JOB_ID)}/${CHUNK_INDEX}/${part}`;

beforeAll(() => Logger.overrideLogger(false));

describe('ChunkWorker: importing the rows of a chunk', () => {
  const { store, customers, process } = chunkWorker();
  /** The outcome the chunk's (last) finish stored. */
  const outcome = (): ChunkOutcome => store.finishChunk.mock.calls.at(-1)![3];
  /** The platformCustomerIds of each batch sent, with its key. */
  const batchesSent = () =>
    customers.create.mock.calls.map(([, key, entries]) => [
      key,
      entries.map((entry: { customer: { platformCustomerId: string } }) => entry.customer.platformCustomerId),
    ]);
  const importing = (rows: StoredRow[], attemptsMade = 0) => {
    store.startChunk.mockResolvedValue(chunkOf(rows));
    return process(attempt(attemptsMade, CHUNK_INDEX));
  };

  beforeEach(() => {
    jest.resetAllMocks();
    store.finishChunk.mockResolvedValue('PROCESSING');
    customers.create.mockImplementation(async (_caller, _key, entries: unknown[]) =>
      entries.map((_, index) => ({ customerId: `Customer:${index}` })),
    );
  });

  it("sends the rows it can read in one batch under the chunk's key, and fails each unreadable row alone", async () => {
    await importing([
      stored(individual('c1')),
      stored(individual('c2', { fullName: '' })),
      7,
      stored(individual('c4', US_ACCOUNT)),
    ]);

    expect(customers.create).toHaveBeenCalledWith(
      { platformId: toApiId('Platform', PLATFORM), environment: Environment.Sandbox, requestId: 'req-1' },
      keyOf(0),
      [
        expect.objectContaining({ customer: expect.objectContaining({ platformCustomerId: 'c1' }) }),
        expect.objectContaining({
          customer: expect.objectContaining({ platformCustomerId: 'c4' }),
          externalAccount: expect.objectContaining({ currency: 'USD' }),
        }),
      ],
    );
    expect(store.finishChunk).toHaveBeenCalledWith(
      JOB_ID,
      CHUNK_INDEX,
      expect.any(String),
      expect.anything(),
    );
    expect(outcome().successful).toBe(2);
    expect(outcome().errors).toEqual([
      expect.objectContaining({
        rowNumber: 9,
        correlationId: 'c2',
        code: 'INVALID_INPUT',
        message:
          'The row was not imported (fullName: is required for INDIVIDUAL rows): correct it and upload it again; rows imported already are not created twice',
        details: { row: 9, errors: [{ field: 'fullName', message: 'is required for INDIVIDUAL rows' }] },
      }),
      expect.objectContaining({ rowNumber: 10, correlationId: 'row_10', code: 'INVALID_INPUT' }),
    ]);
  });

  it("fails each row the customers app refuses with its error, fields named by the file's columns, and warns of each created without required fields", async () => {
    customers.create.mockResolvedValue([
      { customerId: 'Customer:1' },
      {
        error: {
          code: 'INVALID_INPUT',
          message: 'bad fields',
          details: {
            errors: [
              { field: 'address.line1', message: 'is too long' },
              { field: 'externalAccount.accountInfo.beneficiary.birthDate', message: 'must be a past date' },
            ],
          },
        },
      },
      {
        error: {
          code: 'CONFLICT',
          message:
            'A live customer of this platform already has this platformCustomerId: use another, or update that customer',
        },
      },
      { customerId: 'Customer:4', missingFields: ['NATIONALITY'] },
    ]);

    await importing([
      stored(individual('c1')),
      stored(individual('c2', US_ACCOUNT)),
      stored(individual('c3')),
      stored(individual('c4')),
    ]);

    expect(outcome()).toEqual({
      successful: 2,
      warnings: [
        {
          rowNumber: 11,
          correlationId: 'c4',
          code: 'MISSING_MANDATORY_USER_INFO',
          message:
            "Imported without NATIONALITY, which payments in some of the platform's currencies require: supply it with PATCH /customers/Customer:4 before such payments",
          details: { row: 11, customerId: 'Customer:4', missingFields: ['NATIONALITY'] },
        },
      ],
      errors: [
        expect.objectContaining({
          rowNumber: 9,
          correlationId: 'c2',
          code: 'INVALID_INPUT',
          message:
            'The row was not imported (addressLine1: is too long; birthDate: must be a past date): correct it and upload it again; rows imported already are not created twice',
          details: {
            row: 9,
            errors: [
              { field: 'addressLine1', message: 'is too long' },
              { field: 'birthDate', message: 'must be a past date' },
            ],
          },
        }),
        {
          rowNumber: 10,
          correlationId: 'c3',
          code: 'CONFLICT',
          message:
            'A live customer of this platform already has this platformCustomerId: use another, or update that customer',
          details: { row: 10 },
        },
      ],
    });
  });

  it('counts the imported rows, and the job when its last chunk finishes it', async () => {
    const [successful, failed, completed] = await Promise.all([
      counted('bulk_import_rows_total', { outcome: 'successful' }),
      counted('bulk_import_rows_total', { outcome: 'failed' }),
      counted('bulk_import_jobs_finished_total', { status: 'COMPLETED' }),
    ]);
    store.finishChunk.mockResolvedValue('COMPLETED');

    await importing([stored(individual('c1')), 2, stored(individual('c3'))]);

    expect(await counted('bulk_import_rows_total', { outcome: 'successful' })).toBe(successful + 2);
    expect(await counted('bulk_import_rows_total', { outcome: 'failed' })).toBe(failed + 1);
    expect(await counted('bulk_import_jobs_finished_total', { status: 'COMPLETED' })).toBe(completed + 1);
  });

  it('does nothing for a chunk whose outcome is stored already', async () => {
    store.startChunk.mockResolvedValue(undefined);

    await process(attempt(0, CHUNK_INDEX));

    expect(customers.create).not.toHaveBeenCalled();
    expect(store.finishChunk).not.toHaveBeenCalled();
  });

  it('sends a chunk taken again in the same batches under the same keys, which the customers app answers once', async () => {
    const rows = [large('c1'), large('c2'), large('c3')];

    await importing(rows);
    await importing(rows, 1);

    const batches = [
      [keyOf(0), ['c1', 'c2']],
      [keyOf(1), ['c3']],
    ];
    expect(batchesSent()).toEqual([...batches, ...batches]);
  });

  it('leaves the chunk to BullMQ when a batch fails before its last attempt, storing nothing', async () => {
    customers.create.mockRejectedValue(customersDown());

    await expect(importing([stored(individual('c1'))], 1)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });

    expect(store.finishChunk).not.toHaveBeenCalled();
  });

  it("on the last attempt, fails the failing batch's rows and the rest with the reason, keeping the earlier batches'", async () => {
    customers.create
      .mockResolvedValueOnce([{ customerId: 'Customer:1' }, { customerId: 'Customer:2' }])
      .mockRejectedValueOnce(customersDown());

    await importing([large('c1'), large('c2'), large('c3'), large('c4'), large('c5')], 2);

    expect(batchesSent().map(([key]) => key)).toEqual([keyOf(0), keyOf(1)]);
    expect(outcome().successful).toBe(2);
    expect(
      outcome().errors.map(({ rowNumber, correlationId, code }) => [rowNumber, correlationId, code]),
    ).toEqual([
      [10, 'c3', 'SERVICE_UNAVAILABLE'],
      [11, 'c4', 'SERVICE_UNAVAILABLE'],
      [12, 'c5', 'SERVICE_UNAVAILABLE'],
    ]);
    expect(outcome().errors[0].message).toContain('after repeated attempts (customers did not answer)');
  });
});
