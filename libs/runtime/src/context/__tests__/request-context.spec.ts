import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { RequestContext } from '../request-context';

describe('RequestContext', () => {
  it('has no request id outside a run', () => {
    expect(RequestContext.requestId()).toBeUndefined();
  });

  it('returns what the work returns', async () => {
    expect(RequestContext.run('req-sync', () => 42)).toBe(42);
    await expect(RequestContext.run('req-async', async () => 'done')).resolves.toBe('done');
  });

  it('keeps the request id across awaits, timers and nested calls', async () => {
    const seen: (string | undefined)[] = [];
    const record = async (): Promise<void> => {
      await Promise.resolve();
      seen.push(RequestContext.requestId());
    };

    await RequestContext.run('req-1', async () => {
      seen.push(RequestContext.requestId());
      await sleep(5);
      seen.push(RequestContext.requestId());
      await nextTurn();
      await record();
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          seen.push(RequestContext.requestId());
          resolve();
        }, 1),
      );
    });

    expect(seen).toEqual(['req-1', 'req-1', 'req-1', 'req-1']);
  });

  it('keeps concurrent runs apart', async () => {
    const observe = (requestId: string, delays: number[]) =>
      RequestContext.run(requestId, async () => {
        const seen: (string | undefined)[] = [];
        for (const delay of delays) {
          await sleep(delay);
          seen.push(RequestContext.requestId());
        }
        return seen;
      });

    const [first, second] = await Promise.all([observe('req-a', [6, 1, 4]), observe('req-b', [1, 5, 2])]);

    expect(first).toEqual(['req-a', 'req-a', 'req-a']);
    expect(second).toEqual(['req-b', 'req-b', 'req-b']);
  });

  it('lets a nested run override the id and restores the outer one after it', async () => {
    await RequestContext.run('outer', async () => {
      await RequestContext.run('inner', async () => {
        await sleep(1);
        expect(RequestContext.requestId()).toBe('inner');
      });
      expect(RequestContext.requestId()).toBe('outer');
    });
    expect(RequestContext.requestId()).toBeUndefined();
  });
});
