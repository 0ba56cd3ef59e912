import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { ApprovalRequestSender } from '@webhooks/approvals/approval-request.sender';
import { DeliveryLeases } from '@webhooks/deliveries/delivery-leases';
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
  SHUTDOWN_TIMEOUT_MS: 4_000,
};

const parkedCount = async (reason: string) =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'webhook-delivery' && value.labels.reason === reason,
  )?.value ?? 0;

const due = (id: string): DueDelivery => ({
  id,
  platformId: 'Platform:7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e',
  environment: Environment.Sandbox,
  approvalRequest: false,
  lease: `${id}-lease`,
  type: 'OUTGOING_PAYMENT',
  body: '{}',
  attemptCount: 0,
  createdAt: new Date(),
  url: 'http://127.0.0.1:9/hooks',
});

describe('DeliveryWorker', () => {
  const store = { record: jest.fn(), renewLeases: jest.fn(), releaseLeases: jest.fn() };
  const sender = { send: jest.fn() };
  const dataSource = { query: jest.fn() };
  const config = { get: (key: string) => ENVIRONMENT[key] };
  let worker: DeliveryWorker;
  let leases: DeliveryLeases;
  const recorded: string[] = [];

  const deliverAll = (ids: string[]) => {
    const internals = worker as unknown as { running: boolean; start(delivery: DueDelivery): void; sending: Set<Promise<void>> };
    internals.running = true;
    for (const id of ids) internals.start(due(id));
    return Promise.all(internals.sending);
  };

  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetAllMocks();
    recorded.length = 0;
    leases = new DeliveryLeases(store as unknown as DeliveryStore);
    worker = new DeliveryWorker(
      store as unknown as DeliveryStore,
      sender as unknown as WebhookSender,
      leases,
      config as unknown as ConfigService<WebhookDispatcherEnvironment, true>,
      dataSource as unknown as DataSource,
      {} as ApprovalRequestSender,
      {} as Outbox,
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

  it('does not write the outcome of an attempt whose lease was lost to another replica meanwhile', async () => {
    let answer: () => void = () => undefined;
    sender.send.mockImplementationOnce(
      (url: string) =>
        new Promise((resolve) => (answer = () => resolve({ url, startedAt: new Date(), durationMs: 1, responseStatus: 200 }))),
    );
    // Another replica took the delivery once its lease ran out: the renewal finds it no more.
    store.renewLeases.mockResolvedValue([]);
    store.record.mockImplementation(async (updates: DeliveryUpdate[]) => updates.map(() => undefined));

    const delivering = deliverAll([GOOD[0]]);
    await jest.advanceTimersByTimeAsync(2_000);
    answer();
    await delivering;

    expect(store.renewLeases).toHaveBeenCalledWith([{ key: GOOD[0], token: `${GOOD[0]}-lease` }], 5_000);
    expect(store.record).not.toHaveBeenCalled();
  });

  it('on shutdown lets attempts finish within the grace and writes them, then releases the leases of the rest', async () => {
    const [quick, slow] = GOOD;
    let answerSlow: () => void = () => undefined;
    sender.send.mockImplementation(async (url: string) => {
      const answered = { url, startedAt: new Date(), durationMs: 1, responseStatus: 200 };
      if (sender.send.mock.calls.length === 1) return new Promise((resolve) => setTimeout(() => resolve(answered), 500));
      return new Promise((resolve) => (answerSlow = () => resolve(answered)));
    });
    store.record.mockImplementation(async (updates: DeliveryUpdate[]) => {
      recorded.push(...updates.map((update) => update.id));
      return updates.map(() => undefined);
    });
    store.renewLeases.mockImplementation(async (held: { token: string }[]) => held.map(({ token }) => token));
    void deliverAll([quick, slow]);

    const stopping = worker.beforeApplicationShutdown();
    // The grace is half of SHUTDOWN_TIMEOUT_MS.
    await jest.advanceTimersByTimeAsync(2_000);
    await stopping;
    answerSlow();
    await jest.advanceTimersByTimeAsync(0);

    expect(recorded).toEqual([quick]);
    expect(store.releaseLeases).toHaveBeenCalledWith([{ key: slow, token: `${slow}-lease` }]);
  });
});
