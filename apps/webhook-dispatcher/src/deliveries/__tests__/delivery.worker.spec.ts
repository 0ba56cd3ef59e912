import { APPROVAL_ANSWERS } from '@payments/contracts';
import { WAITING_FOR_ENDPOINT } from '@webhooks/deliveries/delivery-policy';
import { DeliveryUpdate } from '@webhooks/deliveries/delivery.store';
import { DueDelivery } from '@webhooks/deliveries/due-delivery';
import { answered, deliveryWorkerKit, due, LEASE_MS, newDelivery, URL } from './delivery-worker-kit';

const NOW = new Date('2026-03-01T12:00:00Z');
const after = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('DeliveryWorker: what an attempt comes to', () => {
  let kit: ReturnType<typeof deliveryWorkerKit>;

  /** Enqueues a webhook that the store claims for the worker as `delivery`, and lets it run. */
  const deliver = async (delivery: DueDelivery) => {
    kit.store.enqueue.mockResolvedValueOnce([{ inserted: true, behind: false, claimed: delivery }]);
    await kit.worker.enqueue(newDelivery(delivery.id));
    await jest.advanceTimersByTimeAsync(0);
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    kit = deliveryWorkerKit();
    kit.worker.onApplicationBootstrap();
  });

  afterEach(async () => {
    await kit.shutDown();
    jest.useRealTimers();
  });

  it('sends a webhook that may go at once and records it DELIVERED with its attempt, ending its lease', async () => {
    expect(await kit.worker.enqueue(newDelivery('a'))).toBe(true);
    await jest.advanceTimersByTimeAsync(0);

    expect(kit.store.enqueue).toHaveBeenCalledWith([newDelivery('a')], { claimForMs: LEASE_MS });
    expect(kit.sender.send).toHaveBeenCalledWith(URL, expect.objectContaining({ body: '{"id":"a"}' }));
    expect(kit.recorded).toEqual([
      {
        id: 'a',
        lease: 'a-lease',
        attemptCount: 1,
        attempt: answered(200),
        decision: { status: 'DELIVERED', nextAttemptAt: NOW, lastError: null },
      },
    ]);
    // Recorded while running with slots free: the next webhook of the aggregate is handed over.
    expect(kit.store.record).toHaveBeenCalledWith(kit.recorded, LEASE_MS);
    expect(kit.leases.size).toBe(0);
  });

  it('records a refused attempt PENDING, due again after the retry schedule’s delay for it', async () => {
    kit.sender.send.mockResolvedValue(answered(500));

    await deliver(due('a'));

    expect(kit.recorded).toEqual([
      expect.objectContaining({
        attemptCount: 1,
        decision: { status: 'PENDING', nextAttemptAt: after(1), lastError: 'answered 500' },
      }),
    ]);
  });

  it('gives a webhook up once its retry schedule is used up', async () => {
    kit.sender.send.mockResolvedValue(answered(503));

    await deliver(due('a', { attemptCount: 2 }));

    expect(kit.recorded).toEqual([
      expect.objectContaining({
        attemptCount: 3,
        decision: {
          status: 'FAILED',
          nextAttemptAt: NOW,
          lastError: 'gave up after 3 attempt(s): answered 503',
        },
      }),
    ]);
  });

  it('keeps a webhook whose platform has no endpoint waiting for one, sending nothing', async () => {
    await deliver(due('a', { url: null, createdAt: NOW }));

    expect(kit.sender.send).not.toHaveBeenCalled();
    expect(kit.recorded).toEqual([
      {
        id: 'a',
        lease: 'a-lease',
        attemptCount: 0,
        decision: { status: 'PENDING', nextAttemptAt: after(60), lastError: WAITING_FOR_ENDPOINT },
      },
    ]);
  });

  it('sends next the webhook of the aggregate that recording an outcome hands over', async () => {
    kit.store.record.mockImplementationOnce(async (updates: DeliveryUpdate[]) => {
      kit.recorded.push(...updates);
      return [due('b')];
    });

    await deliver(due('a'));

    expect(kit.sender.send.mock.calls.map(([, delivery]) => delivery.body)).toEqual([
      '{"id":"a"}',
      '{"id":"b"}',
    ]);
    expect(kit.recorded.map((update) => update.id)).toEqual(['a', 'b']);
  });

  it('answers false for a webhook enqueued before (a redelivered event), and sends nothing', async () => {
    kit.store.enqueue.mockResolvedValueOnce([{ inserted: false, behind: false }]);

    expect(await kit.worker.enqueue(newDelivery('a'))).toBe(false);
    await jest.advanceTimersByTimeAsync(0);

    expect(kit.sender.send).not.toHaveBeenCalled();
  });

  it('sends an approval request through its own sender, and writes its answer to the outbox with its outcome', async () => {
    const request = due('p', { approvalRequest: true });
    const answer = { id: 'answer-of-p' };
    const update = { id: 'p', lease: 'p-lease', attemptCount: 1, decision: { status: 'DELIVERED' }, answer };
    kit.approvalRequests.attempt.mockResolvedValue(update);

    await deliver(request);

    expect(kit.approvalRequests.attempt).toHaveBeenCalledWith(request);
    expect(kit.sender.send).not.toHaveBeenCalled();
    expect(kit.dataSource.transaction).toHaveBeenCalledTimes(1);
    expect(kit.store.record).toHaveBeenCalledWith([update], LEASE_MS, kit.manager);
    expect(kit.outbox.add).toHaveBeenCalledWith(kit.manager, APPROVAL_ANSWERS, [answer]);
  });
});
