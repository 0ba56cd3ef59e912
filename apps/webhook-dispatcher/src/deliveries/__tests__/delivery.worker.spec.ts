import { ConfigService } from '@nestjs/config';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { DeliveryStore, DeliveryUpdate, DueDelivery } from '@webhooks/deliveries/delivery.store';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

const POISON = '00000000-0000-4000-8000-000000000001';
const GOOD = ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
/** What Postgres answers for a NUL that reached a text column. */
const untranslatable = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
const databaseDown = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const ENVIRONMENT: Record<string, unknown> = {
  WEBHOOK_CONCURRENCY: 10,
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,5',
  WEBHOOK_ENDPOINT_WAIT_SECONDS: 60,
  WEBHOOK_TIMEOUT_MS: 1_000,
};

const parkedCount = async (reason: string) =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'webhook-delivery' && value.labels.reason === reason,
  )?.value ?? 0;

const due = (id: string): DueDelivery => ({
  id,
  type: 'OUTGOING_PAYMENT',
  body: '{}',
  attemptCount: 0,
  createdAt: new Date(),
  url: 'http://127.0.0.1:9/hooks',
});

describe('DeliveryWorker', () => {
  const store = { record: jest.fn() };
  const sender = { send: jest.fn() };
  const dataSource = { query: jest.fn() };
  const config = { get: (key: string) => ENVIRONMENT[key] };
  let worker: DeliveryWorker;
  const recorded: string[] = [];

  const deliverAll = (ids: string[]) => {
    const internals = worker as unknown as { running: boolean; deliver(delivery: DueDelivery): Promise<void> };
    internals.running = true;
    return Promise.all(ids.map((id) => internals.deliver(due(id))));
  };

  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetAllMocks();
    recorded.length = 0;
    worker = new DeliveryWorker(
      store as unknown as DeliveryStore,
      sender as unknown as WebhookSender,
      config as unknown as ConfigService<WebhookDispatcherEnvironment, true>,
      dataSource as unknown as DataSource,
    );
    sender.send.mockImplementation(async (url: string) => ({ url, startedAt: new Date(), durationMs: 1, responseStatus: 200 }));
    dataSource.query.mockResolvedValue([]);
  });

  afterEach(() => jest.useRealTimers());

  it('parks a delivery whose outcome cannot be stored, and records the others', async () => {
    store.record.mockImplementation(async (updates: DeliveryUpdate[]) => {
      if (updates.some((update) => update.id === POISON)) throw untranslatable;
      recorded.push(...updates.map((update) => update.id));
      return updates.map(() => undefined);
    });
    const before = await parkedCount('22P05');

    const delivering = deliverAll([POISON, ...GOOD]);
    await jest.advanceTimersByTimeAsync(10_000);
    await delivering;

    expect(recorded.sort()).toEqual(GOOD);
    expect(dataSource.query).toHaveBeenCalledTimes(1);
    expect(dataSource.query).toHaveBeenCalledWith(expect.stringContaining('parked_at = now()'), [
      [POISON],
      ['22P05: unsupported Unicode escape sequence'],
    ]);
    expect(await parkedCount('22P05')).toBe(before + 1);
  });

  it('keeps retrying outcomes while the database is down, parking nothing', async () => {
    let down = true;
    store.record.mockImplementation(async (updates: DeliveryUpdate[]) => {
      if (down) throw databaseDown;
      recorded.push(...updates.map((update) => update.id));
      return updates.map(() => undefined);
    });

    const delivering = deliverAll([POISON, ...GOOD]);
    await jest.advanceTimersByTimeAsync(30_000);
    down = false;
    await jest.advanceTimersByTimeAsync(2_000);
    await delivering;

    expect(recorded.sort()).toEqual([POISON, ...GOOD]);
    expect(dataSource.query).not.toHaveBeenCalled();
  });
});
