import { handleEach } from '../handle-each';

const poison = Object.assign(new Error('invalid input syntax for type json'), { code: '22P02' });
const databaseDown = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const peerFailed = Object.assign(new Error('customers answered 500'), { status: 500 });

describe('handleEach', () => {
  it('answers the items that failed and handles the others', async () => {
    const handled: number[] = [];
    const failures = await handleEach([1, 2, 3], async (item) => {
      if (item === 2) throw poison;
      handled.push(item);
    });

    expect(failures).toEqual([{ item: 2, error: poison }]);
    expect(handled).toEqual([1, 3]);
  });

  it('charges a 500 to its item when another item of the round got an answer', async () => {
    const failures = await handleEach([1, 2], async (item) => {
      if (item === 1) throw peerFailed;
    });
    expect(failures).toEqual([{ item: 1, error: peerFailed }]);
  });

  it('throws when two items fail systemically with no answer in between, charging no item', async () => {
    const handle = jest.fn().mockRejectedValue(databaseDown);
    await expect(handleEach([1, 2, 3], handle)).rejects.toBe(databaseDown);
    expect(handle).toHaveBeenCalledTimes(2);
  });

  it('throws when the round ends on a systemic failure nothing answered', async () => {
    await expect(handleEach([1], () => Promise.reject(databaseDown))).rejects.toBe(databaseDown);
  });
});
