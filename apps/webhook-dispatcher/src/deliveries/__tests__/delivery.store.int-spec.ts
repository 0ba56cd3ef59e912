import { Environment } from '@payments/contracts';
import { GroupCommit, parkRows } from '@payments/persistence';
import { delay } from '@payments/runtime';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { AttemptResult, Decision } from '@webhooks/deliveries/delivery-policy';
import { DeliveryStore, DeliveryUpdate } from '@webhooks/deliveries/delivery.store';
import { NewDelivery } from '@webhooks/deliveries/webhook-envelope';

jest.setTimeout(30_000);

const SCOPE = { platformId: 'Platform:1', environment: Environment.Sandbox };
const LEASE_MS = 60_000;

function delivery(aggregateId: string, scope = SCOPE): NewDelivery {
  const id = randomUUID();
  return {
    id,
    ...scope,
    aggregateId,
    type: 'OUTGOING_PAYMENT',
    body: JSON.stringify({ webhookId: `Webhook:${id}` }),
  };
}

const attempt: AttemptResult = {
  url: 'http://127.0.0.1:9/hooks',
  startedAt: new Date(),
  durationMs: 4,
  responseStatus: 500,
  responseBody: 'down',
};
const delivered = (): Decision => ({ status: 'DELIVERED', nextAttemptAt: new Date(), lastError: null });
const retryIn = (seconds: number): Decision => ({
  status: 'PENDING',
  nextAttemptAt: new Date(Date.now() + seconds * 1000),
  lastError: 'answered 500',
});

describe('DeliveryStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let store: DeliveryStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    dataSource = database.dataSource;
    store = new DeliveryStore(dataSource);
    await dataSource.query(
      `INSERT INTO webhook_endpoints (platform_id, environment, url) VALUES ($1, $2, 'http://127.0.0.1:9/hooks')`,
      [SCOPE.platformId, SCOPE.environment],
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE delivery_attempts, deliveries'));

  const row = async (id: string) =>
    (await dataSource.query('SELECT * FROM deliveries WHERE id = $1', [id]))[0];

  /** A delivery's id with the token of the lease it is held under, as its outcome carries them. */
  const leased = async (id: string) => ({ id, lease: (await row(id)).lease_token as string });
  const ids = (deliveries: { id: string }[]) => deliveries.map((each) => each.id).sort();
  const enqueueAll = async (...deliveries: NewDelivery[]) => {
    for (const each of deliveries) await store.enqueue([each]);
  };

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

  it('stores an answer holding NUL and a lone surrogate, with U+FFFD in their place', async () => {
    const a1 = delivery('Transaction:a');
    await enqueueAll(a1);
    await store.takeDue(10, LEASE_MS);
    const poisoned = { ...attempt, responseBody: 'bad\u0000body\ud800', error: 'reset\u0000' };

    await store.record(
      [
        {
          ...(await leased(a1.id)),
          decision: { ...retryIn(300), lastError: 'answered \udc00' },
          attemptCount: 1,
          attempt: poisoned,
        },
      ],
      0,
    );

    expect(await row(a1.id)).toMatchObject({ last_error: 'answered \ufffd' });
    expect(await dataSource.query('SELECT response_body, error FROM delivery_attempts')).toEqual([
      { response_body: 'bad\ufffdbody\ufffd', error: 'reset\ufffd' },
    ]);
  });

  it('fails only the outcome it cannot store in a grouped write, and a parked delivery leaves the queue', async () => {
    const [a1, a2, b1] = [delivery('Transaction:a'), delivery('Transaction:a'), delivery('Transaction:b')];
    await enqueueAll(a1, a2, b1);
    await store.takeDue(10, LEASE_MS);
    const recorder = new GroupCommit((updates: DeliveryUpdate[]) => store.record(updates, 0), {
      maxBatch: 10,
      maxInFlight: 1,
    });
    // An attempt count beyond integer: a row the database refuses whatever its text.
    const outcomes = [
      { ...(await leased(a1.id)), decision: delivered(), attemptCount: 2 ** 31, attempt },
      { ...(await leased(b1.id)), decision: delivered(), attemptCount: 1, attempt },
    ].map((update) =>
      recorder.add(update).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );

    const [poison, good] = await Promise.all(outcomes);

    expect(poison).toMatchObject({ code: '22003' });
    expect(good).toBeUndefined();
    expect(await row(b1.id)).toMatchObject({ status: 'DELIVERED' });

    await parkRows(dataSource, { table: 'deliveries', key: 'id', keyType: 'uuid' }, [
      { key: a1.id, error: poison },
    ]);
    await dataSource.query(`UPDATE deliveries SET locked_until = '-infinity'`);

    expect(await row(a1.id)).toMatchObject({
      status: 'PENDING',
      park_reason: expect.stringMatching(/^22003: /),
      parked_at: expect.any(Date),
    });
    expect(ids(await store.takeDue(10, LEASE_MS))).toEqual([a2.id]);
    expect(await store.pendingCount()).toBe(1);
  });

  it("renews a lease only under its token, and writes an outcome only while its lease is the delivery's", async () => {
    const a1 = delivery('Transaction:a');
    await enqueueAll(a1);
    const [stale] = await store.takeDue(10, 1);
    await delay(5);
    // Its lease ran out unrenewed: another replica takes the delivery.
    const [current] = await store.takeDue(10, LEASE_MS);
    const staleLease = { key: a1.id, token: stale.lease };
    const currentLease = { key: a1.id, token: current.lease };

    expect(current.lease).not.toBe(stale.lease);
    expect(await store.renewLeases([staleLease, currentLease], LEASE_MS)).toEqual([current.lease]);
    expect(
      await store.record(
        [{ id: a1.id, lease: stale.lease, decision: retryIn(300), attemptCount: 1, attempt }],
        0,
      ),
    ).toEqual([undefined]);
    expect(await row(a1.id)).toMatchObject({ attempt_count: 0, lease_token: current.lease });
    expect(await dataSource.query('SELECT * FROM delivery_attempts')).toEqual([]);

    await store.record(
      [{ id: a1.id, lease: current.lease, decision: delivered(), attemptCount: 1, attempt }],
      0,
    );
    expect(await row(a1.id)).toMatchObject({ status: 'DELIVERED', lease_token: null });
    expect(await store.renewLeases([currentLease], LEASE_MS)).toEqual([]);
  });

  it('releases a lease so that the delivery is taken again at once', async () => {
    const [a1, b1] = [delivery('Transaction:a'), delivery('Transaction:b')];
    await enqueueAll(a1, b1);
    const taken = await store.takeDue(10, LEASE_MS);

    await store.releaseLeases(
      taken.filter(({ id }) => id === a1.id).map(({ id, lease }) => ({ key: id, token: lease })),
    );

    expect(ids(await store.takeDue(10, LEASE_MS))).toEqual([a1.id]);
  });
});
