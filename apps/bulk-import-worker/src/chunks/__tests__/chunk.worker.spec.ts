import { Environment } from '@payments/contracts';
import { attempt, chunkWorker, counted, JOB_ID } from '@bulk-import/chunks/__tests__/chunk-worker-kit';
import { ChunkOutcome, StartedChunk } from '@bulk-import/jobs/import-jobs.store';

const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
  code: '22021',
});
const databaseDown = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

/** A chunk of two rows that the file's rules refuse (no customerType): no customers call is made. */
const chunk: StartedChunk = {
  jobId: JOB_ID,
  chunkIndex: 0,
  scope: { platformId: '00000000-0000-4000-8000-000000000002', environment: Environment.Sandbox },
  requestId: null,
  columns: ['platformCustomerId'],
  fieldCount: 1,
  firstRow: 2,
  rows: [['c1'], ['c2']],
};

const parkedCount = (reason: string) =>
  counted('background_items_parked_total', { worker: 'bulk-import-chunk', reason });

describe('ChunkWorker', () => {
  const { store, process } = chunkWorker();

  beforeEach(() => {
    jest.resetAllMocks();
    store.startChunk.mockResolvedValue(chunk);
  });

  it('on the last attempt, stores an outcome the database refused again with the reason on each failed row', async () => {
    store.finishChunk.mockRejectedValueOnce(refused).mockResolvedValueOnce('COMPLETED');
    const before = await parkedCount('22021');

    await process(attempt(2));

    const stored: ChunkOutcome = store.finishChunk.mock.calls[1][3];
    expect(stored.successful).toBe(0);
    expect(
      stored.errors.map(({ rowNumber, correlationId, code }) => [rowNumber, correlationId, code]),
    ).toEqual([
      [2, 'c1', 'INTERNAL_ERROR'],
      [3, 'c2', 'INTERNAL_ERROR'],
    ]);
    expect(stored.errors[0].message).toContain('after repeated attempts (invalid byte sequence');
    expect(await parkedCount('22021')).toBe(before + 1);
  });

  it('leaves the chunk to BullMQ before its last attempt', async () => {
    store.finishChunk.mockRejectedValue(refused);

    await expect(process(attempt(1))).rejects.toBe(refused);

    expect(store.finishChunk).toHaveBeenCalledTimes(1);
  });

  it('gives up nothing on a systemic fault, even on the last attempt', async () => {
    store.finishChunk.mockRejectedValue(databaseDown);

    await expect(process(attempt(2))).rejects.toBe(databaseDown);

    expect(store.finishChunk).toHaveBeenCalledTimes(1);
  });
});
