import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { ApprovalRequestSender } from '@webhooks/approvals/approval-request.sender';
import { AttemptResult } from '@webhooks/deliveries/delivery-policy';
import { DeliveryLeases } from '@webhooks/deliveries/delivery-leases';
import { DeliveryStore, DeliveryUpdate, Enqueued } from '@webhooks/deliveries/delivery.store';
import { DueDelivery } from '@webhooks/deliveries/due-delivery';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { NewDelivery } from '@webhooks/deliveries/webhook-envelope';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/** The worker's own timings, as its rules state them. */
export const POLL_MS = 250;
export const ERROR_DELAY_MS = 1_000;
export const LEASE_MS = 5_000;
export const URL = 'http://127.0.0.1:9/hooks';

const ENVIRONMENT: Record<string, unknown> = {
  WEBHOOK_CONCURRENCY: 10,
  WEBHOOK_REDELIVERY_CONCURRENCY: 2,
  WEBHOOK_REDELIVERY_PER_PLATFORM: 1,
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,5',
  WEBHOOK_ENDPOINT_WAIT_SECONDS: 60,
  SHUTDOWN_TIMEOUT_MS: 4_000,
};

export const due = (id: string, fields: Partial<DueDelivery> = {}): DueDelivery => ({
  id,
  platformId: 'Platform:7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e',
  environment: Environment.Sandbox,
  approvalRequest: false,
  redelivery: false,
  lease: `${id}-lease`,
  type: 'OUTGOING_PAYMENT',
  body: `{"id":"${id}"}`,
  attemptCount: 0,
  createdAt: new Date(),
  url: URL,
  traceparent: null,
  ...fields,
});

export const newDelivery = (id: string, fields: Partial<NewDelivery> = {}): NewDelivery => ({
  id,
  platformId: 'Platform:7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e',
  environment: Environment.Sandbox,
  aggregateId: `aggregate-of-${id}`,
  type: 'OUTGOING_PAYMENT',
  body: `{"id":"${id}"}`,
  ...fields,
});

/** A failure of the database as pg reports a refused connection: a systemic fault. */
export const databaseDown = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

export const answered = (responseStatus: number): AttemptResult => ({
  url: URL,
  startedAt: new Date(),
  durationMs: 1,
  responseStatus,
});

/**
 * A DeliveryWorker on plain fakes. By default the store claims what it enqueues whenever the worker
 * asks it to (claimForMs > 0), finds nothing due, stores every outcome and renews every lease, and
 * every endpoint answers 200. `recorded` lists the outcomes stored, in order.
 */
export function deliveryWorkerKit(environment: Record<string, unknown> = {}) {
  const store = {
    enqueue: jest.fn(),
    takeDue: jest.fn(),
    record: jest.fn(),
    renewLeases: jest.fn(),
    releaseLeases: jest.fn(),
  };
  const sender = { send: jest.fn() };
  const redeliveries = { takeTurns: jest.fn() };
  const manager = { query: jest.fn() };
  const dataSource = {
    query: jest.fn(),
    transaction: jest.fn((work: (transaction: typeof manager) => Promise<unknown>) => work(manager)),
  };
  const approvalRequests = { attempt: jest.fn() };
  const outbox = { add: jest.fn() };
  const recorded: DeliveryUpdate[] = [];

  store.enqueue.mockImplementation(
    async (deliveries: NewDelivery[], { claimForMs }: { claimForMs: number }): Promise<Enqueued[]> =>
      deliveries.map(({ id }) => ({
        inserted: true,
        behind: false,
        claimed: claimForMs > 0 ? due(id) : undefined,
      })),
  );
  store.takeDue.mockResolvedValue([]);
  redeliveries.takeTurns.mockResolvedValue([]);
  store.record.mockImplementation(async (updates: DeliveryUpdate[]) => {
    recorded.push(...updates);
    return updates.map(() => undefined);
  });
  store.renewLeases.mockImplementation(async (held: { token: string }[]) => held.map(({ token }) => token));
  sender.send.mockResolvedValue(answered(200));
  dataSource.query.mockResolvedValue([]);

  const config = { get: (key: string) => ({ ...ENVIRONMENT, ...environment })[key] };
  const leases = new DeliveryLeases(store as unknown as DeliveryStore);
  const worker = new DeliveryWorker(
    store as unknown as DeliveryStore,
    sender as unknown as SignedWebhookSender,
    leases,
    config as unknown as ConfigService<WebhookDispatcherEnvironment, true>,
    dataSource as unknown as DataSource,
    approvalRequests as unknown as ApprovalRequestSender,
    outbox as unknown as Outbox,
    redeliveries as unknown as RedeliveryStore,
  );

  /** Shuts the worker down, advancing the fake clock through its drain grace. */
  const shutDown = async () => {
    const stopping = worker.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(ENVIRONMENT.SHUTDOWN_TIMEOUT_MS as number);
    await stopping;
  };

  return {
    worker,
    store,
    redeliveries,
    sender,
    manager,
    dataSource,
    approvalRequests,
    outbox,
    leases,
    recorded,
    shutDown,
  };
}
