import { ConfigService } from '@nestjs/config';
import { createEvent, Environment, EventEnvelope, TopicContract } from '@payments/contracts';
import { CommonEnvironment, RequestContext } from '@payments/runtime';
import { IsInt } from 'class-validator';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { Outbox, OUTBOX_CHANNEL } from '../outbox/outbox';
import { MigratedDatabase } from '@payments/testing';
import { BILLING_SCHEMA, CreateMessagingTables1700000000000 } from './billing-schema';
import { EventHistory1766400000000 } from '../migrations/event-history';
import { SchemaOptions } from '../database/data-source-options';

jest.setTimeout(30_000);

class InvoiceIssuedV1 {
  @IsInt() amountCents: number;
}

type InvoiceEvent = EventEnvelope<'invoice.issued', InvoiceIssuedV1>;

const INVOICE_EVENTS = new TopicContract<InvoiceEvent>('billing.invoice-events.v1', 2, {
  'invoice.issued@1': InvoiceIssuedV1,
});

const invoiceIssued = (invoiceId: string, amountCents: number): InvoiceEvent =>
  createEvent(
    'invoice.issued',
    1,
    { platformId: 'Platform:test', environment: Environment.Production },
    invoiceId,
    { amountCents },
  );

/** The billing schema as the producer of a public topic has it: with the history of its events. */
const PUBLISHING_SCHEMA: SchemaOptions = {
  ...BILLING_SCHEMA,
  migrations: [CreateMessagingTables1700000000000, EventHistory1766400000000],
};

describe('Outbox.add', () => {
  const outbox = new Outbox({ get: () => 'it-prefix.' } as unknown as ConfigService<CommonEnvironment, true>);
  let database: MigratedDatabase;
  let dataSource: DataSource;

  beforeEach(async () => {
    database = await MigratedDatabase.create(PUBLISHING_SCHEMA);
    dataSource = database.dataSource;
  });

  afterEach(async () => {
    await database?.drop();
  });

  const storedMessages = () =>
    database.query('SELECT topic, message_key, payload, headers FROM billing.outbox ORDER BY id');

  it('stores each event under the prefixed topic, keyed by its aggregate, with its type and request id as headers', async () => {
    const first = invoiceIssued('invoice-1', 1200);
    const second = invoiceIssued('invoice-2', 800);

    await RequestContext.run('req-9', () =>
      dataSource.transaction((manager) => outbox.add(manager, INVOICE_EVENTS, [first, second])),
    );

    const headers = { 'event-type': 'invoice.issued', 'x-request-id': 'req-9' };
    expect(await storedMessages()).toEqual([
      {
        topic: 'it-prefix.billing.invoice-events.v1',
        message_key: 'invoice-1',
        payload: JSON.stringify(first),
        headers,
      },
      {
        topic: 'it-prefix.billing.invoice-events.v1',
        message_key: 'invoice-2',
        payload: JSON.stringify(second),
        headers,
      },
    ]);
  });

  it('leaves out the request id header when no request caused the event', async () => {
    await dataSource.transaction((manager) =>
      outbox.add(manager, INVOICE_EVENTS, invoiceIssued('invoice-1', 1)),
    );

    expect(await storedMessages()).toEqual([
      expect.objectContaining({ headers: { 'event-type': 'invoice.issued' } }),
    ]);
  });

  it("gives each event its own request's id when the events of many requests share a transaction", async () => {
    await dataSource.transaction((manager) =>
      outbox.add(
        manager,
        INVOICE_EVENTS,
        [invoiceIssued('invoice-1', 1), invoiceIssued('invoice-2', 2), invoiceIssued('invoice-3', 3)],
        ['req-1', undefined, 'req-3'],
      ),
    );

    expect((await storedMessages()).map((message) => message.headers)).toEqual([
      { 'event-type': 'invoice.issued', 'x-request-id': 'req-1' },
      { 'event-type': 'invoice.issued' },
      { 'event-type': 'invoice.issued', 'x-request-id': 'req-3' },
    ]);
  });

  it('adds the selector headers its topic derives from each event', async () => {
    const bySize = new TopicContract<InvoiceEvent>(
      'billing.invoice-events.v1',
      2,
      { 'invoice.issued@1': InvoiceIssuedV1 },
      { selectors: (event) => ({ large: String(event.payload.amountCents >= 1000) }) },
    );

    await dataSource.transaction((manager) =>
      outbox.add(manager, bySize, [invoiceIssued('invoice-1', 1200), invoiceIssued('invoice-2', 800)]),
    );

    expect((await storedMessages()).map((message) => message.headers)).toEqual([
      { 'event-type': 'invoice.issued', large: 'true' },
      { 'event-type': 'invoice.issued', large: 'false' },
    ]);
  });

  it("keeps a public topic's events for replay with the outbox row, and nothing of another topic", async () => {
    const publicInvoices = new TopicContract<InvoiceEvent>(
      'billing.public-invoice-events.v1',
      2,
      { 'invoice.issued@1': InvoiceIssuedV1 },
      { public: true },
    );
    const kept = invoiceIssued('invoice-1', 1200);

    await RequestContext.run('req-3', () =>
      dataSource.transaction(async (manager) => {
        await outbox.add(manager, publicInvoices, kept);
        await outbox.add(manager, INVOICE_EVENTS, invoiceIssued('invoice-2', 800));
      }),
    );
    const declined = dataSource.transaction(async (manager) => {
      await outbox.add(manager, publicInvoices, invoiceIssued('invoice-3', 1));
      throw new Error('payment declined');
    });
    await expect(declined).rejects.toThrow('payment declined');

    expect(
      await database.query(
        'SELECT event_id, topic, message_key, payload, headers, occurred_at, platform_id FROM billing.event_history',
      ),
    ).toEqual([
      {
        event_id: kept.eventId,
        topic: 'billing.public-invoice-events.v1',
        message_key: 'invoice-1',
        payload: JSON.stringify(kept),
        headers: { 'event-type': 'invoice.issued', 'x-request-id': 'req-3' },
        occurred_at: new Date(kept.occurredAt),
        platform_id: 'Platform:test',
      },
    ]);
  });

  it('refuses to write outside a transaction', async () => {
    await expect(
      outbox.add(dataSource.manager, INVOICE_EVENTS, invoiceIssued('invoice-1', 1)),
    ).rejects.toThrow('Outbox.add must run inside a transaction');
    expect(await storedMessages()).toEqual([]);
  });

  it('keeps nothing of a transaction that rolls back', async () => {
    const declined = dataSource.transaction(async (manager) => {
      await outbox.add(manager, INVOICE_EVENTS, invoiceIssued('invoice-1', 1));
      throw new Error('payment declined');
    });

    await expect(declined).rejects.toThrow('payment declined');
    expect(await storedMessages()).toEqual([]);
  });

  it('wakes listeners with the schema name once per committed transaction and never for a rolled-back one', async () => {
    const listener = new Client({ connectionString: database.url });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      const payloads: string[] = [];
      const ended = new Promise<void>((resolve) =>
        listener.on('notification', ({ payload = '' }) => {
          payloads.push(payload);
          if (payload === 'end-of-test') resolve();
        }),
      );

      await dataSource
        .transaction(async (manager) => {
          await outbox.add(manager, INVOICE_EVENTS, invoiceIssued('invoice-1', 1));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await dataSource.transaction(async (manager) => {
        await outbox.add(manager, INVOICE_EVENTS, invoiceIssued('invoice-2', 2));
        await outbox.add(manager, INVOICE_EVENTS, invoiceIssued('invoice-3', 3));
      });
      // Notifications arrive in commit order, so this one comes after any the transactions sent.
      await database.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, 'end-of-test']);
      await ended;

      expect(payloads).toEqual(['billing', 'end-of-test']);
    } finally {
      await listener.end();
    }
  });
});
