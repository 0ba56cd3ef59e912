import { Environment } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { NewDelivery } from '@webhooks/deliveries/webhook-envelope';
import { decodeDeliveryCursor, encodeDeliveryCursor } from '@webhooks/delivery-log/delivery-cursor';
import { DeliveryLogStore, DeliveryRow } from '@webhooks/delivery-log/delivery-log.store';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';

jest.setTimeout(30_000);

const SCOPE = { platformId: randomUUID(), environment: Environment.Sandbox };
const OTHER_PLATFORM = { platformId: randomUUID(), environment: Environment.Sandbox };
const PRODUCTION = { ...SCOPE, environment: Environment.Production };
const LEASE_MS = 60_000;

describe('DeliveryLogStore and RedeliveryStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let queue: DeliveryStore;
  let log: DeliveryLogStore;
  let redeliveries: RedeliveryStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    dataSource = database.dataSource;
    queue = new DeliveryStore(dataSource);
    log = new DeliveryLogStore(dataSource);
    redeliveries = new RedeliveryStore(dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE delivery_attempts, deliveries'));

  function delivery(aggregateId: string, fields: Partial<NewDelivery> = {}): NewDelivery {
    const id = randomUUID();
    return {
      id,
      ...SCOPE,
      aggregateId,
      type: 'OUTGOING_PAYMENT',
      body: JSON.stringify({ webhookId: `Webhook:${id}` }),
      ...fields,
    };
  }

  /** Enqueues one by one (each its own creation time) and finishes them with `status` and one attempt. */
  async function finished(status: 'DELIVERED' | 'FAILED', ...deliveries: NewDelivery[]): Promise<void> {
    for (const each of deliveries) {
      await queue.enqueue([each]);
      await dataSource.query(`UPDATE deliveries SET status = $2, attempt_count = 1 WHERE id = $1`, [
        each.id,
        status,
      ]);
      await dataSource.query(
        `INSERT INTO delivery_attempts (delivery_id, attempt, url, started_at, duration_ms, response_status)
         VALUES ($1, 1, 'http://127.0.0.1:9/hooks', now(), 7, $2)`,
        [each.id, status === 'DELIVERED' ? 200 : 500],
      );
    }
  }

  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const row = async (id: string) =>
    (await dataSource.query('SELECT * FROM deliveries WHERE id = $1', [id]))[0];

  it('lists newest first with the last attempt, in keyset pages that neither repeat nor skip', async () => {
    const [a, b, c] = [delivery('Transaction:a'), delivery('Transaction:b'), delivery('Transaction:c')];
    await finished('DELIVERED', a, b, c);

    const first = await log.page(SCOPE, {}, 2);
    expect(ids(first)).toEqual([c.id, b.id]);
    expect(first[0]).toMatchObject({ status: 'DELIVERED', attempt_count: 1, last_status_code: 200 });
    const after = decodeDeliveryCursor(encodeDeliveryCursor({ at: first[1].created_us, id: first[1].id }));
    // One enqueued meanwhile is newer: the next page goes on from where the first stopped.
    await queue.enqueue([delivery('Transaction:d')]);
    expect(ids(await log.page(SCOPE, {}, 2, after))).toEqual([a.id]);
    expect(await log.count(SCOPE, {})).toBe(4);
  });

  it('filters by status, type, transaction and creation time', async () => {
    const paid = delivery('Transaction:t');
    const kyc = delivery('customer-1', { type: 'KYC_STATUS' });
    await finished('FAILED', paid);
    await finished('DELIVERED', kyc);
    await dataSource.query(`UPDATE deliveries SET created_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [
      paid.id,
    ]);
    expect(ids(await log.page(SCOPE, { status: 'FAILED' }, 10))).toEqual([paid.id]);
    expect(ids(await log.page(SCOPE, { type: 'KYC_STATUS' }, 10))).toEqual([kyc.id]);
    expect(ids(await log.page(SCOPE, { transactionId: 'Transaction:t' }, 10))).toEqual([paid.id]);
    // A KYC webhook's aggregate is a customer, not a transaction.
    expect(await log.page(SCOPE, { transactionId: 'customer-1' }, 10)).toEqual([]);
    const paidAt = new Date('2026-01-01T00:00:00Z');
    expect(ids(await log.page(SCOPE, { createdBefore: paidAt }, 10))).toEqual([paid.id]);
    expect(ids(await log.page(SCOPE, { createdAfter: new Date(paidAt.getTime() + 1) }, 10))).toEqual([
      kyc.id,
    ]);
    expect(ids(await log.page(SCOPE, { createdAfter: paidAt, createdBefore: paidAt }, 10))).toEqual([
      paid.id,
    ]);
    expect(await log.count(SCOPE, { status: 'FAILED', type: 'KYC_STATUS' })).toBe(0);
  });

  it("shows nothing of another platform's or environment's deliveries, and redelivers none of them", async () => {
    const theirs = delivery('Transaction:x', OTHER_PLATFORM);
    const production = delivery('Transaction:y', PRODUCTION);
    await finished('FAILED', theirs, production);

    expect(await log.page(SCOPE, {}, 10)).toEqual([]);
    expect(await log.count(SCOPE, {})).toBe(0);
    expect(await log.find(SCOPE, theirs.id)).toBeUndefined();
    expect(await log.find(SCOPE, production.id)).toBeUndefined();
    expect(await redeliveries.redeliver(SCOPE, { id: theirs.id }, 1)).toEqual([]);
    expect(await redeliveries.redeliver(SCOPE, { status: 'FAILED' }, 10)).toEqual([]);
    expect((await row(theirs.id)).status).toBe('FAILED');
  });

  it('finds a delivery with its body and every attempt', async () => {
    const one = delivery('Transaction:z');
    await finished('FAILED', one);

    expect(await log.find(SCOPE, one.id)).toMatchObject({
      id: one.id,
      body: one.body,
      approval_request: false,
    });
    expect(await log.attempts(one.id)).toEqual([
      expect.objectContaining({ attempt: 1, response_status: 500, duration_ms: 7, error: null }),
    ]);
  });

  it('puts finished deliveries back PENDING in the redelivery lane, never a PENDING or an approval request', async () => {
    const failed = delivery('Transaction:f');
    const approval = delivery('Transaction:p', { approvalRequest: true });
    const pending = delivery('Transaction:q');
    await finished('FAILED', failed, approval);
    await queue.enqueue([pending]);

    expect(await redeliveries.redeliver(SCOPE, { status: 'FAILED' }, 10)).toEqual([failed.id]);
    expect(await row(failed.id)).toMatchObject({
      status: 'PENDING',
      redelivery: true,
      attempt_count: 1,
      last_error: null,
    });
    expect((await row(approval.id)).status).toBe('FAILED');
    // Taken by its lane only.
    expect(ids(await queue.takeDue(10, LEASE_MS))).toEqual([pending.id]);
    expect(await redeliveries.takeTurns(10, 10, LEASE_MS)).toEqual([
      expect.objectContaining({ id: failed.id, redelivery: true, attemptCount: 1 }),
    ]);
    // Being sent again: a second request takes nothing.
    expect(await redeliveries.redeliver(SCOPE, { id: failed.id }, 1)).toEqual([]);
  });

  it('goes after the deliveries already queued for its transaction, and keeps its order among those redelivered with it', async () => {
    const [first, second] = [delivery('Transaction:o'), delivery('Transaction:o')];
    await finished('FAILED', first, second);
    const queued = delivery('Transaction:o');
    await queue.enqueue([queued], { claimForMs: LEASE_MS });

    expect(await redeliveries.redeliver(SCOPE, { status: 'FAILED' }, 10)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    const order: { id: string }[] = await dataSource.query(
      `SELECT id FROM deliveries WHERE aggregate_id = 'Transaction:o' ORDER BY sequence`,
    );
    expect(ids(order)).toEqual([queued.id, first.id, second.id]);
    // The queued one is in flight: nothing of its transaction may go before it is settled.
    expect(await redeliveries.takeTurns(10, 10, LEASE_MS)).toEqual([]);
  });

  it('takes the lane in turns per platform, none holding more than its share in flight', async () => {
    const bulk = Array.from({ length: 6 }, (_, n) => delivery(`Transaction:bulk-${n}`));
    const single = delivery('Transaction:single', OTHER_PLATFORM);
    await finished('FAILED', ...bulk, single);
    await redeliveries.redeliver(SCOPE, { status: 'FAILED' }, 10);
    await redeliveries.redeliver(OTHER_PLATFORM, { status: 'FAILED' }, 10);

    const first = await redeliveries.takeTurns(3, 2, LEASE_MS);
    // Each platform's first turn, then the bulk's second: the later single is not behind the bulk.
    expect(ids(first).sort()).toEqual([bulk[0].id, bulk[1].id, single.id].sort());
    // The bulk's platform holds its two: nothing more of it until one is settled.
    expect(await redeliveries.takeTurns(8, 2, LEASE_MS)).toEqual([]);
    await dataSource.query(`UPDATE deliveries SET status = 'DELIVERED', lease_token = NULL WHERE id = $1`, [
      bulk[0].id,
    ]);
    expect(ids(await redeliveries.takeTurns(8, 2, LEASE_MS))).toEqual([bulk[2].id]);
  });

  it('redelivers at most the limit, oldest first', async () => {
    const all = [1, 2, 3].map((n) => delivery(`Transaction:${n}`));
    await finished('DELIVERED', ...all);

    expect(await redeliveries.redeliver(SCOPE, { status: 'DELIVERED' }, 2)).toEqual(
      expect.arrayContaining([all[0].id, all[1].id]),
    );
    const rows: DeliveryRow[] = await log.page(SCOPE, { status: 'PENDING' }, 10);
    expect(ids(rows).sort()).toEqual([all[0].id, all[1].id].sort());
  });
});
