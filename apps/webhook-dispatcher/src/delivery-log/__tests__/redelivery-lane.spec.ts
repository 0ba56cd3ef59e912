import {
  answered,
  deliveryWorkerKit,
  due,
  LEASE_MS,
  newDelivery,
  POLL_MS,
} from '@webhooks/deliveries/__tests__/delivery-worker-kit';

/** The kit's WEBHOOK_CONCURRENCY, WEBHOOK_REDELIVERY_CONCURRENCY and WEBHOOK_REDELIVERY_PER_PLATFORM. */
const SLOTS = 10;
const LANE_SLOTS = 2;
const PER_PLATFORM = 1;

describe('DeliveryWorker: the redelivery lane', () => {
  let kit: ReturnType<typeof deliveryWorkerKit>;
  /** Endpoints that answer only when told to. */
  const answers: (() => void)[] = [];
  const holdAnswers = () =>
    kit.sender.send.mockImplementation(
      () => new Promise((resolve) => answers.push(() => resolve(answered(200)))),
    );

  beforeEach(() => {
    jest.useFakeTimers();
    answers.length = 0;
    kit = deliveryWorkerKit();
  });

  afterEach(async () => {
    for (const answer of answers) answer();
    await kit.shutDown();
    jest.useRealTimers();
  });

  it('takes redelivered webhooks only into its own slots, leaving every shared slot to fresh webhooks', async () => {
    holdAnswers();
    kit.redeliveries.takeTurns.mockImplementation(async (limit: number) =>
      Array.from({ length: limit }, (_, index) => due(`again-${index}`, { redelivery: true })),
    );
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(POLL_MS * 4);

    // The lane is full (its endpoint hangs): it asks for no more, and the shared take asks for all its slots.
    expect(kit.redeliveries.takeTurns.mock.calls).toEqual([[LANE_SLOTS, PER_PLATFORM, LEASE_MS]]);
    expect(kit.store.takeDue).toHaveBeenLastCalledWith(SLOTS, LEASE_MS);
    await kit.worker.enqueue(newDelivery('fresh'));
    expect(kit.store.enqueue).toHaveBeenLastCalledWith([newDelivery('fresh')], { claimForMs: LEASE_MS });
    expect(kit.sender.send).toHaveBeenCalledTimes(LANE_SLOTS + 1);
  });

  it('takes the next redelivered webhooks as soon as a lane slot frees', async () => {
    holdAnswers();
    kit.redeliveries.takeTurns.mockResolvedValueOnce([
      due('a', { redelivery: true }),
      due('b', { redelivery: true }),
    ]);
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10);

    answers[0]();
    await jest.advanceTimersByTimeAsync(0);

    expect(kit.redeliveries.takeTurns.mock.calls).toEqual([
      [LANE_SLOTS, PER_PLATFORM, LEASE_MS],
      [1, PER_PLATFORM, LEASE_MS],
    ]);
  });

  it('makes one attempt of a redelivered webhook: a failure is FAILED at once, not retried', async () => {
    kit.sender.send.mockResolvedValue(answered(500));
    kit.redeliveries.takeTurns.mockResolvedValueOnce([due('again', { redelivery: true, attemptCount: 1 })]);
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10);

    expect(kit.recorded).toEqual([
      expect.objectContaining({
        id: 'again',
        attemptCount: 2,
        decision: expect.objectContaining({
          status: 'FAILED',
          lastError: 'gave up after 2 attempt(s): answered 500',
        }),
      }),
    ]);
  });

  it('retries a fresh webhook that failed on its schedule, as before', async () => {
    kit.sender.send.mockResolvedValue(answered(500));
    kit.store.takeDue.mockResolvedValueOnce([due('fresh', { attemptCount: 1 })]);
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10);

    expect(kit.recorded[0].decision.status).toBe('PENDING');
  });
});
