import { register } from 'prom-client';
import { answered, databaseDown, deliveryWorkerKit, newDelivery } from './delivery-worker-kit';

const POISON = '00000000-0000-4000-8000-000000000001';
const GOOD = ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
/** What Postgres answers for a NUL that reached a text column. */
const untranslatable = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });

const parkedCount = async (reason: string) =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'webhook-delivery' && value.labels.reason === reason,
  )?.value ?? 0;

describe('DeliveryWorker: outcomes that cannot be written, and shutdown', () => {
  let kit: ReturnType<typeof deliveryWorkerKit>;
  const recordedIds = () => kit.recorded.map((update) => update.id).sort();
  /** Enqueues webhooks that the store claims for the worker at once. */
  const deliverAll = (ids: string[]) => kit.worker.enqueueAll(ids.map((id) => newDelivery(id)));

  beforeEach(() => {
    jest.useFakeTimers();
    kit = deliveryWorkerKit();
    kit.worker.onApplicationBootstrap();
  });

  afterEach(async () => {
    await kit.shutDown();
    jest.useRealTimers();
  });

  it('parks a delivery whose outcome cannot be stored, and records the others', async () => {
    const record = kit.store.record.getMockImplementation()!;
    kit.store.record.mockImplementation(async (updates: { id: string }[], ...rest: unknown[]) => {
      if (updates.some((update) => update.id === POISON)) throw untranslatable;
      return record(updates, ...rest);
    });
    const before = await parkedCount('22P05');

    await deliverAll([POISON, ...GOOD]);
    await jest.advanceTimersByTimeAsync(10_000);

    expect(recordedIds()).toEqual(GOOD);
    expect(kit.dataSource.query).toHaveBeenCalledTimes(1);
    expect(kit.dataSource.query).toHaveBeenCalledWith(expect.stringContaining('parked_at = now()'), [
      [POISON],
      ['22P05: unsupported Unicode escape sequence'],
    ]);
    expect(await parkedCount('22P05')).toBe(before + 1);
  });

  it('keeps retrying outcomes while the database is down, parking nothing', async () => {
    let down = true;
    const record = kit.store.record.getMockImplementation()!;
    kit.store.record.mockImplementation(async (...args: unknown[]) => {
      if (down) throw databaseDown;
      return record(...args);
    });

    await deliverAll([POISON, ...GOOD]);
    await jest.advanceTimersByTimeAsync(30_000);
    down = false;
    await jest.advanceTimersByTimeAsync(2_000);

    expect(recordedIds()).toEqual([POISON, ...GOOD]);
    expect(kit.dataSource.query).not.toHaveBeenCalled();
  });

  it('does not write the outcome of an attempt whose lease was lost to another replica meanwhile', async () => {
    let answer: () => void = () => undefined;
    kit.sender.send.mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve(answered(200)))),
    );
    // Another replica took the delivery once its lease ran out: the renewal finds it no more.
    kit.store.renewLeases.mockResolvedValue([]);

    await deliverAll([GOOD[0]]);
    await jest.advanceTimersByTimeAsync(2_000);
    answer();
    await jest.advanceTimersByTimeAsync(0);

    expect(kit.store.renewLeases).toHaveBeenCalledWith([{ key: GOOD[0], token: `${GOOD[0]}-lease` }], 5_000);
    expect(kit.store.record).not.toHaveBeenCalled();
  });

  it('on shutdown lets attempts finish within the grace and writes them, then releases the leases of the rest', async () => {
    const [quick, slow] = GOOD;
    let answerSlow: () => void = () => undefined;
    kit.sender.send
      .mockImplementationOnce(() => new Promise((resolve) => setTimeout(() => resolve(answered(200)), 500)))
      .mockImplementationOnce(() => new Promise((resolve) => (answerSlow = () => resolve(answered(200)))));
    await deliverAll([quick, slow]);

    const stopping = kit.worker.beforeApplicationShutdown();
    // The grace is half of SHUTDOWN_TIMEOUT_MS.
    await jest.advanceTimersByTimeAsync(2_000);
    await stopping;
    answerSlow();
    await jest.advanceTimersByTimeAsync(0);

    expect(recordedIds()).toEqual([quick]);
    expect(kit.store.releaseLeases).toHaveBeenCalledWith([{ key: slow, token: `${slow}-lease` }]);
  });
});
