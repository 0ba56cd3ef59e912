import { delay } from '@payments/runtime';
import { DataSource } from 'typeorm';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import {
  attempt,
  delivered,
  delivery,
  deliveryStoreDatabase,
  LEASE_MS,
  retryIn,
} from '@webhooks/deliveries/__tests__/delivery-store-kit';

jest.setTimeout(30_000);

describe('DeliveryStore (PostgreSQL): leases', () => {
  const deliveries = deliveryStoreDatabase();
  const { row, ids, enqueueAll } = deliveries;
  let dataSource: DataSource, store: DeliveryStore;
  beforeAll(() => void ({ dataSource, store } = deliveries));

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
