import { GroupCommit, parkRows } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { DeliveryStore, DeliveryUpdate } from '@webhooks/deliveries/delivery.store';
import {
  attempt,
  delivered,
  delivery,
  deliveryStoreDatabase,
  LEASE_MS,
  retryIn,
} from '@webhooks/deliveries/__tests__/delivery-store-kit';

jest.setTimeout(30_000);

describe('DeliveryStore (PostgreSQL): recording outcomes', () => {
  const deliveries = deliveryStoreDatabase();
  const { row, leased, ids, enqueueAll } = deliveries;
  let dataSource: DataSource, store: DeliveryStore;
  beforeAll(() => void ({ dataSource, store } = deliveries));

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
});
