import { DataSource } from 'typeorm';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import {
  attempt,
  delivered,
  delivery,
  deliveryStoreDatabase,
  LEASE_MS,
  retryIn,
  SCOPE,
} from '@webhooks/deliveries/__tests__/delivery-store-kit';

jest.setTimeout(30_000);

describe('DeliveryStore (PostgreSQL): what the queue gives out, and when', () => {
  const deliveries = deliveryStoreDatabase();
  const { row, leased, ids, enqueueAll } = deliveries;
  let dataSource: DataSource, store: DeliveryStore;
  beforeAll(() => void ({ dataSource, store } = deliveries));

  it('enqueues a delivery once per id', async () => {
    const first = delivery('Transaction:a');

    expect(await store.enqueue([first])).toEqual([{ inserted: true, behind: false }]);
    expect(await store.enqueue([first, delivery('Transaction:b')])).toEqual([
      { inserted: false, behind: false },
      { inserted: true, behind: false },
    ]);
    expect(await store.pendingCount()).toBe(2);
  });

  it('gives out only the earliest pending delivery of each aggregate, with its endpoint', async () => {
    const [a1, a2, b1] = [delivery('Transaction:a'), delivery('Transaction:a'), delivery('Transaction:b')];
    await enqueueAll(a1, a2, b1);

    const taken = await store.takeDue(10, LEASE_MS);

    expect(ids(taken)).toEqual(ids([a1, b1]));
    expect(taken[0]).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      attemptCount: 0,
      body: expect.any(String),
    });
    expect(await store.takeDue(10, LEASE_MS)).toEqual([]);

    await store.record(
      [
        {
          ...(await leased(a1.id)),
          decision: delivered(),
          attemptCount: 1,
          attempt: { ...attempt, responseStatus: 200 },
        },
      ],
      0,
    );

    expect(ids(await store.takeDue(10, LEASE_MS))).toEqual([a2.id]);
    expect(await row(a1.id)).toMatchObject({
      status: 'DELIVERED',
      attempt_count: 1,
      delivered_at: expect.any(Date),
    });
  });

  it('claims on enqueue the deliveries that may go at once, and only those', async () => {
    const [a1, a2, b1, b2, c1] = ['a', 'a', 'b', 'b', 'c'].map((name) => delivery(`Transaction:${name}`));
    await store.enqueue([a1]);

    const enqueued = await store.enqueue([a2, b1, b2, c1], { claimForMs: LEASE_MS });

    expect(enqueued.map(({ inserted, behind, claimed }) => [inserted, behind, claimed?.id])).toEqual([
      [true, true, undefined],
      [true, false, b1.id],
      [true, true, undefined],
      [true, false, c1.id],
    ]);
    expect(enqueued[1].claimed).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      type: 'OUTGOING_PAYMENT',
      attemptCount: 0,
    });
    expect(ids(await store.takeDue(10, LEASE_MS))).toEqual([a1.id]);
  });

  it("keeps each delivery's trace context for its attempts, claimed at once or taken later", async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const [a1, a2, b1] = [delivery('Transaction:a'), delivery('Transaction:a'), delivery('Transaction:b')];

    const enqueued = await store.enqueue([{ ...a1, traceparent }, { ...a2, traceparent }, b1], {
      claimForMs: LEASE_MS,
    });
    await store.record([{ ...(await leased(a1.id)), decision: delivered(), attemptCount: 1, attempt }], 0);

    expect(enqueued.map(({ claimed }) => claimed?.traceparent)).toEqual([traceparent, undefined, null]);
    expect((await store.takeDue(10, LEASE_MS)).map((due) => due.traceparent)).toEqual([traceparent]);
  });

  it('counts a delivery repeated within one batch once, where it first comes', async () => {
    const [a1, a2] = [delivery('Transaction:a'), delivery('Transaction:a')];

    const enqueued = await store.enqueue([a1, a1, a2, a1], { claimForMs: LEASE_MS });

    expect(enqueued.map(({ inserted, behind, claimed }) => [inserted, behind, claimed?.id])).toEqual([
      [true, false, a1.id],
      [false, false, undefined],
      [true, true, undefined],
      [false, false, undefined],
    ]);
    expect(await dataSource.query('SELECT count(*)::int AS count FROM deliveries')).toEqual([{ count: 2 }]);
  });

  it('hands the next delivery of an aggregate over when the earlier one is settled', async () => {
    const [a1, a2, a3, b1] = [
      delivery('Transaction:a'),
      delivery('Transaction:a'),
      delivery('Transaction:a'),
      delivery('Transaction:b'),
    ];
    await enqueueAll(a1, a2, a3, b1);
    await store.takeDue(10, LEASE_MS);

    const handed = await store.record(
      [
        {
          ...(await leased(a1.id)),
          decision: { status: 'FAILED', nextAttemptAt: new Date(), lastError: 'gave up' },
          attemptCount: 4,
          attempt,
        },
        { ...(await leased(b1.id)), decision: delivered(), attemptCount: 1, attempt },
      ],
      LEASE_MS,
    );

    expect(handed.map((each) => each?.id)).toEqual([a2.id, undefined]);
    expect(await store.takeDue(10, LEASE_MS)).toEqual([]);
  });

  it('lets concurrent takers share the due deliveries without overlap', async () => {
    const all = Array.from({ length: 40 }, (_, index) => delivery(`Transaction:${index}`));
    await store.enqueue(all);

    const batches = await Promise.all([1, 2, 3, 4].map(() => store.takeDue(15, LEASE_MS)));

    expect(ids(batches.flat())).toEqual(ids(all));
  });

  it('holds later deliveries of an aggregate back while the earlier one waits for its retry', async () => {
    const [a1, a2] = [delivery('Transaction:a'), delivery('Transaction:a')];
    await enqueueAll(a1, a2);
    await store.takeDue(10, LEASE_MS);
    const retry = retryIn(300);

    expect(
      await store.record([{ ...(await leased(a1.id)), decision: retry, attemptCount: 1, attempt }], LEASE_MS),
    ).toEqual([undefined]);
    const a3 = delivery('Transaction:a');
    await store.enqueue([a3], { claimForMs: LEASE_MS });

    expect(await store.takeDue(10, LEASE_MS)).toEqual([]);
    for (const later of [a2, a3]) expect((await row(later.id)).next_attempt_at).toEqual(retry.nextAttemptAt);
    expect(await row(a1.id)).toMatchObject({
      status: 'PENDING',
      attempt_count: 1,
      last_error: 'answered 500',
    });
    expect(
      await dataSource.query('SELECT attempt, url, response_status, response_body FROM delivery_attempts'),
    ).toEqual([{ attempt: 1, url: attempt.url, response_status: 500, response_body: 'down' }]);
  });

  it("makes a platform's waiting deliveries due at once, but leaves deliveries in flight leased", async () => {
    const [waiting, inFlight, otherPlatform] = [
      delivery('Transaction:a'),
      delivery('Transaction:b'),
      delivery('Transaction:c', { ...SCOPE, platformId: 'Platform:2' }),
    ];
    await store.enqueue([waiting, inFlight, otherPlatform]);
    await store.takeDue(10, LEASE_MS);
    await store.record(
      [
        { ...(await leased(waiting.id)), decision: retryIn(300), attemptCount: 1, attempt },
        { ...(await leased(otherPlatform.id)), decision: retryIn(300), attemptCount: 1, attempt },
      ],
      0,
    );

    await store.releaseWaiting(dataSource, SCOPE);

    expect(ids(await store.takeDue(10, LEASE_MS))).toEqual([waiting.id]);
  });
});
