import { isolateFailures } from '../isolate-failures';

const poison = Object.assign(new Error('invalid input syntax for type json'), { code: '22P02' });
const databaseDown = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});

describe('isolateFailures', () => {
  it('runs the batch in halves until the bad item is alone, and the others go through', async () => {
    const runs: number[][] = [];
    const outcomes = await isolateFailures([1, 2, 3, 4, 5], async (part) => {
      runs.push(part);
      if (part.includes(4)) throw poison;
      return part.map((item) => item * 10);
    });

    expect(outcomes).toEqual([
      { item: 1, result: 10 },
      { item: 2, result: 20 },
      { item: 3, result: 30 },
      { item: 4, error: poison },
      { item: 5, result: 50 },
    ]);
    expect(runs).toEqual([[1, 2, 3, 4, 5], [1, 2, 3], [4, 5], [4], [5]]);
  });

  it('throws a systemic fault at once rather than splitting the batch', async () => {
    const run = jest.fn().mockRejectedValue(databaseDown);
    await expect(isolateFailures([1, 2, 3], run)).rejects.toBe(databaseDown);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
