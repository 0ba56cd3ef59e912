import {
  answered,
  databaseDown,
  deliveryWorkerKit,
  due,
  ERROR_DELAY_MS,
  LEASE_MS,
  newDelivery,
  POLL_MS,
  URL,
} from './delivery-worker-kit';

describe('DeliveryWorker: taking webhooks to send', () => {
  let kit: ReturnType<typeof deliveryWorkerKit>;
  /** Endpoints that answer only when told to, in the order they were called. */
  const answers: (() => void)[] = [];
  const holdAnswers = () =>
    kit.sender.send.mockImplementation(
      () => new Promise((resolve) => answers.push(() => resolve(answered(200)))),
    );
  /** Enqueues a webhook the store could not claim for the worker: `behind` an earlier one of its aggregate, or not. */
  const enqueueUnclaimed = async (id: string, behind: boolean) => {
    kit.store.enqueue.mockResolvedValueOnce([{ inserted: true, behind }]);
    await kit.worker.enqueue(newDelivery(id));
  };

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

  it('claims nothing before it starts or once it stops: those webhooks wait in the table', async () => {
    await kit.worker.enqueue(newDelivery('early'));
    kit.worker.onApplicationBootstrap();
    await kit.shutDown();
    await kit.worker.enqueue(newDelivery('late'));

    expect(kit.store.enqueue.mock.calls.map(([, options]) => options)).toEqual([
      { claimForMs: 0 },
      { claimForMs: 0 },
    ]);
    expect(kit.sender.send).not.toHaveBeenCalled();
  });

  it('looks for due webhooks every POLL_MS while idle, for as many as it has slots', async () => {
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(POLL_MS * 4);

    expect(kit.store.takeDue).toHaveBeenCalledTimes(5);
    expect(kit.store.takeDue).toHaveBeenCalledWith(10, LEASE_MS);
  });

  it('sends what it takes', async () => {
    kit.store.takeDue.mockResolvedValueOnce([due('a'), due('b')]);
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);

    expect(kit.sender.send.mock.calls.map(([, delivery]) => delivery.body)).toEqual([
      '{"id":"a"}',
      '{"id":"b"}',
    ]);
    expect(kit.recorded.map((update) => update.id)).toEqual(['a', 'b']);
  });

  it('looks at once when a webhook it could not claim may go, and leaves one behind its aggregate to the poll', async () => {
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(100);

    await enqueueUnclaimed('behind', true);
    await jest.advanceTimersByTimeAsync(0);
    expect(kit.store.takeDue).toHaveBeenCalledTimes(1);

    await enqueueUnclaimed('free', false);
    await jest.advanceTimersByTimeAsync(0);
    expect(kit.store.takeDue).toHaveBeenCalledTimes(2);
  });

  it('takes nothing while every slot is busy', async () => {
    kit = deliveryWorkerKit({ WEBHOOK_CONCURRENCY: 2 });
    holdAnswers();
    kit.store.takeDue.mockResolvedValueOnce([due('a'), due('b')]);
    kit.worker.onApplicationBootstrap();

    await jest.advanceTimersByTimeAsync(POLL_MS * 4);

    expect(kit.store.takeDue.mock.calls).toEqual([[2, LEASE_MS]]);
  });

  it('after a full take, takes again as soon as a slot frees', async () => {
    kit = deliveryWorkerKit({ WEBHOOK_CONCURRENCY: 2 });
    holdAnswers();
    kit.store.takeDue.mockResolvedValueOnce([due('a'), due('b')]);
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(100);

    answers[0]();
    await jest.advanceTimersByTimeAsync(0);

    expect(kit.store.takeDue.mock.calls).toEqual([
      [2, LEASE_MS],
      [1, LEASE_MS],
    ]);
  });

  it('after a partial take, leaves the table to the next poll when a slot frees', async () => {
    kit = deliveryWorkerKit({ WEBHOOK_CONCURRENCY: 2 });
    holdAnswers();
    kit.store.takeDue.mockResolvedValueOnce([due('a')]);
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(100);

    answers[0]();
    await jest.advanceTimersByTimeAsync(POLL_MS - 101);
    expect(kit.store.takeDue).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(kit.store.takeDue).toHaveBeenCalledTimes(2);
  });

  it('backs off ERROR_DELAY_MS after a failed take, even when told of webhooks meanwhile', async () => {
    kit.store.takeDue.mockRejectedValueOnce(databaseDown);
    kit.worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);

    await enqueueUnclaimed('a', false);
    await jest.advanceTimersByTimeAsync(ERROR_DELAY_MS - 1);
    expect(kit.store.takeDue).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(kit.store.takeDue).toHaveBeenCalledTimes(2);
  });

  it('keeps approval requests out of the WEBHOOK_CONCURRENCY slots', async () => {
    kit = deliveryWorkerKit({ WEBHOOK_CONCURRENCY: 1 });
    kit.approvalRequests.attempt.mockReturnValue(new Promise(() => undefined));
    kit.worker.onApplicationBootstrap();
    kit.store.enqueue.mockResolvedValueOnce([
      { inserted: true, behind: false, claimed: due('p', { approvalRequest: true }) },
    ]);

    await kit.worker.enqueue(newDelivery('p', { approvalRequest: true }));
    await kit.worker.enqueue(newDelivery('a'));
    await jest.advanceTimersByTimeAsync(0);

    expect(kit.store.enqueue).toHaveBeenLastCalledWith([newDelivery('a')], { claimForMs: LEASE_MS });
    expect(kit.sender.send).toHaveBeenCalledWith(URL, expect.objectContaining({ body: '{"id":"a"}' }));
  });
});
