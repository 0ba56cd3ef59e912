import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Socket } from 'node:net';
import { Client } from 'pg';
import { Outbox } from '@payments/persistence';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { eventually, TestSandbox, WIDGET_EVENTS, WidgetEvent, widgetChanged } from './messaging-sandbox';

jest.setTimeout(45_000);

function commit(app: NestFastifyApplication, ...events: WidgetEvent[]): Promise<void> {
  return app.get(DataSource).transaction((manager) => app.get(Outbox).add(manager, WIDGET_EVENTS, events));
}

async function outboxSize(app: NestFastifyApplication): Promise<number> {
  const [{ size }] = await app.get(DataSource).query('SELECT count(*)::int AS size FROM outbox');
  return size;
}

const parkedCount = async () =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'outbox-relay',
  )?.value ?? 0;

function revisionsByWidget(events: WidgetEvent[]): Record<string, number[]> {
  const revisions: Record<string, number[]> = {};
  for (const event of events) (revisions[event.aggregateId] ??= []).push(event.payload.revision);
  return revisions;
}

describe('OutboxRelayWorker', () => {
  let sandbox: TestSandbox;

  beforeEach(async () => {
    sandbox = await TestSandbox.create();
  });

  afterEach(async () => {
    await sandbox?.dispose();
  });

  it("publishes every committed event once, in each aggregate's order, and drains the outbox", async () => {
    const app = await sandbox.startService({ produces: [WIDGET_EVENTS] });
    const received = await sandbox.consume(WIDGET_EVENTS);
    const widgetIds = ['widget-a', 'widget-b', 'widget-c', 'widget-d', 'widget-e'];
    const histories = widgetIds.map((widgetId) =>
      Array.from({ length: 12 }, (_, index) => widgetChanged(widgetId, index + 1)),
    );

    // Each widget commits its history in order, two events per transaction, while widgets commit concurrently.
    await Promise.all(
      histories.map(async (history) => {
        for (let index = 0; index < history.length; index += 2)
          await commit(app, ...history.slice(index, index + 2));
      }),
    );

    await eventually(
      async () => (received.events.length >= 60 && (await outboxSize(app)) === 0) || undefined,
    );
    const eventIds = (events: WidgetEvent[]) => events.map((event) => event.eventId).sort();
    expect(eventIds(received.events)).toEqual(eventIds(histories.flat()));
    expect(revisionsByWidget(received.events)).toEqual(
      Object.fromEntries(widgetIds.map((widgetId) => [widgetId, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]])),
    );
  });

  it('never publishes an event whose transaction rolled back', async () => {
    const app = await sandbox.startService({ produces: [WIDGET_EVENTS] });
    const received = await sandbox.consume(WIDGET_EVENTS);
    const rolledBack = widgetChanged('widget-a', 1);
    const committed = widgetChanged('widget-a', 1);

    const lockedWidget = app.get(DataSource).transaction(async (manager) => {
      await app.get(Outbox).add(manager, WIDGET_EVENTS, rolledBack);
      throw new Error('widget is locked');
    });
    await expect(lockedWidget).rejects.toThrow('widget is locked');
    await commit(app, committed);

    // The relay publishes in outbox order, so nothing written before this event can still be on its way.
    await received.waitFor((event) => event.eventId === committed.eventId);
    expect(received.events.map((event) => event.eventId)).toEqual([committed.eventId]);
    await eventually(async () => (await outboxSize(app)) === 0 || undefined);
  });

  it('keeps publishing through another replica when the publishing one stops', async () => {
    const leader = await sandbox.startService({ produces: [WIDGET_EVENTS] });
    const relayLocks = async () => {
      const [{ locks }] = await leader.get(DataSource).query(
        `SELECT count(*)::int AS locks FROM pg_locks
          WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      return locks;
    };
    await eventually(async () => (await relayLocks()) === 1 || undefined);
    const standby = await sandbox.startService({ produces: [WIDGET_EVENTS] });
    const received = await sandbox.consume(WIDGET_EVENTS);

    const beforeStop = widgetChanged('widget-a', 1);
    await commit(standby, beforeStop);
    await received.waitFor((event) => event.eventId === beforeStop.eventId);
    await sandbox.stopService(leader);
    const afterStop = widgetChanged('widget-a', 2);
    await commit(standby, afterStop);
    await received.waitFor((event) => event.eventId === afterStop.eventId);

    expect(received.events.map((event) => event.eventId)).toEqual([beforeStop.eventId, afterStop.eventId]);
    expect(await outboxSize(standby)).toBe(0);
  });

  it('publishes within seconds once the publisher dies without a word (its session ends with its socket)', async () => {
    // The publisher of a replica about to die: it holds the relay's lock in a session of its own.
    const dying = new Client({ connectionString: sandbox.databaseUrl });
    dying.on('error', () => undefined);
    await dying.connect();
    await dying.query(`SELECT pg_advisory_lock(hashtext('outbox-relay:widgets'))`);
    const standby = await sandbox.startService({ produces: [WIDGET_EVENTS] });
    const received = await sandbox.consume(WIDGET_EVENTS);
    const event = widgetChanged('widget-a', 1);
    await commit(standby, event);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received.events).toEqual([]);

    // kill -9: the kernel closes the socket, nothing is said to the server.
    (dying as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    const diedAt = Date.now();
    await received.waitFor((published) => published.eventId === event.eventId, 5_000);

    expect(Date.now() - diedAt).toBeLessThan(2_500);
  });

  it('parks a message the cluster refuses on its own, with the reason, and publishes the others', async () => {
    const app = await sandbox.startService({ produces: [WIDGET_EVENTS] });
    const received = await sandbox.consume(WIDGET_EVENTS);
    const parkedBefore = await parkedCount();
    // Larger than the broker takes in one message (message.max.bytes, about 1 MB by default).
    const oversized = {
      ...widgetChanged('widget-a', 2),
      payload: { revision: 2, padding: 'x'.repeat(1_200_000) },
    };
    const others = [widgetChanged('widget-a', 1), widgetChanged('widget-b', 1), widgetChanged('widget-a', 3)];

    await commit(app, others[0], oversized as WidgetEvent, others[1], others[2]);

    const parked = await eventually(async () => {
      const [row] = await app
        .get(DataSource)
        .query(`SELECT failed_attempts, park_reason FROM outbox WHERE parked_at IS NOT NULL`);
      return row;
    });
    expect(parked.failed_attempts).toBe(3);
    expect(parked.park_reason).toMatch(/^KafkaJS\w+Error: /);
    for (const event of others) await received.waitFor((each) => each.eventId === event.eventId);
    expect(received.events.map((event) => event.eventId)).not.toContain(oversized.eventId);
    expect(await outboxSize(app)).toBe(1);
    expect(await parkedCount()).toBe(parkedBefore + 1);
  });
});
