import { createEvent, Environment } from '@payments/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { handleEachOnce, handleOnce } from '../inbox/inbox';
import { MigratedDatabase } from '@payments/testing';
import { BILLING_SCHEMA } from './billing-schema';

jest.setTimeout(30_000);

const paymentSettled = () =>
  createEvent(
    'payment.settled',
    1,
    { platformId: 'Platform:test', environment: Environment.Sandbox },
    'payment-1',
    {},
  );

describe('handleOnce', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;

  beforeEach(async () => {
    database = await MigratedDatabase.create(BILLING_SCHEMA);
    dataSource = database.dataSource;
    await dataSource.query('CREATE TABLE ledger_entries (consumer text NOT NULL, event_id uuid NOT NULL)');
  });

  afterEach(async () => {
    await database?.drop();
  });

  const book = (consumer: string, eventId: string) => (manager: EntityManager) =>
    manager.query('INSERT INTO ledger_entries (consumer, event_id) VALUES ($1, $2)', [consumer, eventId]);

  const entries = () =>
    database.query('SELECT consumer, event_id FROM billing.ledger_entries ORDER BY consumer');

  it('applies the effect once per consumer and reports a redelivery as a duplicate', async () => {
    const event = paymentSettled();

    await expect(handleOnce(dataSource, 'ledger', event, book('ledger', event.eventId))).resolves.toBe(true);
    await expect(handleOnce(dataSource, 'ledger', event, book('ledger', event.eventId))).resolves.toBe(false);
    await expect(handleOnce(dataSource, 'webhooks', event, book('webhooks', event.eventId))).resolves.toBe(
      true,
    );

    expect(await entries()).toEqual([
      { consumer: 'ledger', event_id: event.eventId },
      { consumer: 'webhooks', event_id: event.eventId },
    ]);
  });

  it('keeps no claim when the effect fails, so that the next delivery applies it', async () => {
    const event = paymentSettled();
    const failing = async (manager: EntityManager) => {
      await book('ledger', event.eventId)(manager);
      throw new Error('ledger account locked');
    };

    await expect(handleOnce(dataSource, 'ledger', event, failing)).rejects.toThrow('ledger account locked');
    expect(await entries()).toEqual([]);

    await expect(handleOnce(dataSource, 'ledger', event, book('ledger', event.eventId))).resolves.toBe(true);
    expect(await entries()).toHaveLength(1);
  });

  it('applies the effect once when two deliveries of an event race', async () => {
    const event = paymentSettled();
    const slowBooking = async (manager: EntityManager) => {
      await manager.query('SELECT pg_sleep(0.2)');
      await book('ledger', event.eventId)(manager);
    };

    const outcomes = await Promise.all([
      handleOnce(dataSource, 'ledger', event, slowBooking),
      handleOnce(dataSource, 'ledger', event, slowBooking),
    ]);

    expect(outcomes.sort()).toEqual([false, true]);
    expect(await entries()).toHaveLength(1);
  });
});

describe('handleEachOnce', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;

  beforeEach(async () => {
    database = await MigratedDatabase.create(BILLING_SCHEMA);
    dataSource = database.dataSource;
    await dataSource.query('CREATE TABLE ledger_entries (event_id uuid NOT NULL)');
  });

  afterEach(async () => {
    await database?.drop();
  });

  const bookEach = (manager: EntityManager, events: { eventId: string }[]) =>
    manager.query('INSERT INTO ledger_entries (event_id) SELECT unnest($1::uuid[])', [
      events.map((event) => event.eventId),
    ]);

  it('applies the effect to each event not handled before, once even if the batch holds it twice', async () => {
    const [handled, fresh, twice] = [paymentSettled(), paymentSettled(), paymentSettled()];
    await handleEachOnce(dataSource, 'ledger', [handled], bookEach);

    const applied = await handleEachOnce(dataSource, 'ledger', [handled, fresh, twice, twice], bookEach);

    expect(applied.map((event) => event.eventId)).toEqual([fresh.eventId, twice.eventId]);
    const booked = await database.query<{ event_id: string }>('SELECT event_id FROM billing.ledger_entries');
    expect(booked.map((row) => row.event_id).sort()).toEqual(
      [handled, fresh, twice].map((event) => event.eventId).sort(),
    );
  });

  it('keeps no claim when the effect fails, so that the next delivery applies the whole batch', async () => {
    const events = [paymentSettled(), paymentSettled()];

    await expect(
      handleEachOnce(dataSource, 'ledger', events, async () => {
        throw new Error('ledger account locked');
      }),
    ).rejects.toThrow('ledger account locked');

    await expect(handleEachOnce(dataSource, 'ledger', events, bookEach)).resolves.toHaveLength(2);
  });
});
