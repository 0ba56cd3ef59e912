import { Logger } from '@nestjs/common';
import { Lease, LeaseHeartbeat, RENEW_EVERY_MS } from '../lease-heartbeat';

const quietLogger = { log: jest.fn(), warn: jest.fn() } as unknown as Logger;
const lease = (key: string, token = `${key}-token`): Lease => ({ key, token });

describe('LeaseHeartbeat', () => {
  const statements = { renew: jest.fn(), release: jest.fn() };
  let heartbeat: LeaseHeartbeat;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetAllMocks();
    statements.renew.mockImplementation(async (leases: Lease[]) => leases.map(({ token }) => token));
    heartbeat = new LeaseHeartbeat(quietLogger, 'widgets', statements);
  });

  afterEach(() => jest.useRealTimers());

  it('renews in one statement every lease held for half a beat, and none claimed since', async () => {
    heartbeat.hold(lease('a'));
    heartbeat.hold(lease('b'));
    await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS * 0.8);
    heartbeat.hold(lease('c'));

    await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS * 0.2);

    expect(statements.renew).toHaveBeenCalledTimes(1);
    expect(statements.renew).toHaveBeenCalledWith([lease('a'), lease('b')]);
    await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS);
    expect(statements.renew).toHaveBeenLastCalledWith([lease('a'), lease('b'), lease('c')]);
  });

  it('keeps no timer while nothing is held', async () => {
    heartbeat.hold(lease('a'));
    expect(heartbeat.drop(lease('a'))).toBe(true);

    await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS * 5);

    expect(statements.renew).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('reports a lease the renewal no longer finds as lost, and renews it no more', async () => {
    statements.renew.mockImplementation(async (leases: Lease[]) =>
      leases.filter(({ key }) => key !== 'a').map(({ token }) => token),
    );
    heartbeat.hold(lease('a'));
    heartbeat.hold(lease('b'));

    await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS * 2);

    expect(statements.renew).toHaveBeenLastCalledWith([lease('b')]);
    expect(heartbeat.drop(lease('a'))).toBe(false);
    expect(heartbeat.drop(lease('b'))).toBe(true);
  });

  it('tells a claim made again apart from the earlier one by its token', async () => {
    heartbeat.hold(lease('a', 'first'));
    heartbeat.hold(lease('a', 'second'));

    expect(heartbeat.drop(lease('a', 'first'))).toBe(true);
    expect(heartbeat.size).toBe(1);
    expect(heartbeat.drop(lease('a', 'second'))).toBe(true);
  });

  it('does not count a lease dropped while its renewal ran as lost', async () => {
    let answer: (tokens: string[]) => void = () => undefined;
    statements.renew.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    heartbeat.hold(lease('a'));
    heartbeat.hold(lease('b'));
    await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS);

    // The outcome of a is written, which ends its lease, before the renewal answers.
    expect(heartbeat.drop(lease('a'))).toBe(true);
    answer(['b-token']);
    await jest.advanceTimersByTimeAsync(0);

    expect(quietLogger.warn).not.toHaveBeenCalled();
    expect(heartbeat.drop(lease('b'))).toBe(true);
  });

  it('keeps the leases through a failed renewal and renews them on the next beat', async () => {
    statements.renew.mockRejectedValueOnce(new Error('connection reset'));
    heartbeat.hold(lease('a'));

    await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS * 2);

    expect(statements.renew).toHaveBeenCalledTimes(2);
    expect(heartbeat.drop(lease('a'))).toBe(true);
  });

  it('releases every lease held in one statement, after which their outcomes are not written', async () => {
    heartbeat.hold(lease('a'));
    heartbeat.hold(lease('b'));

    await heartbeat.releaseAll();

    expect(statements.release).toHaveBeenCalledWith([lease('a'), lease('b')]);
    expect(heartbeat.drop(lease('a'))).toBe(false);
    expect(heartbeat.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
