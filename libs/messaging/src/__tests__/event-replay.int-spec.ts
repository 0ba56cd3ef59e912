import { ConfigService } from '@nestjs/config';
import { createEvent, Environment, EventEnvelope, TopicContract } from '@payments/contracts';
import {
  createMessagingTables,
  EventHistory1766400000000,
  Outbox,
  SchemaOptions,
} from '@payments/persistence';
import { CommonEnvironment } from '@payments/runtime';
// Only test files of this lib use the testing lib, and the tag constraints cannot tell them apart yet.
import { eventually, MigratedDatabase } from '@payments/testing';
import { IsInt } from 'class-validator';
import { Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { REPLAYED_HEADER, replayEvents } from '../event-replay';

jest.setTimeout(60_000);

class ParcelTables1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
  }

  async down(): Promise<void> {}
}

const PARCEL_SCHEMA: SchemaOptions = {
  schema: 'parcels',
  entities: [],
  migrations: [ParcelTables1700000000000, EventHistory1766400000000],
};

class ParcelMovedV1 {
  @IsInt() leg: number;
}

type ParcelEvent = EventEnvelope<'parcel.moved', ParcelMovedV1>;

const PARCEL_EVENTS = new TopicContract<ParcelEvent>(
  'parcels.parcel-events.v1',
  3,
  { 'parcel.moved@1': ParcelMovedV1 },
  { public: true },
);

const WINDOW = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z') };

/** A parcel's move as its replica stamped it: `occurredAt` is that replica's clock. */
function moved(platformId: string, parcelId: string, leg: number, occurredAt: string): ParcelEvent {
  const event = createEvent('parcel.moved', 1, { platformId, environment: Environment.Sandbox }, parcelId, {
    leg,
  });
  return { ...event, occurredAt };
}

interface Replayed {
  key: string;
  event: ParcelEvent;
  replayed: string | undefined;
}

describe('replayEvents', () => {
  const prefix = `it-replay-${randomBytes(4).toString('hex')}.`;
  const outbox = new Outbox({ get: () => prefix } as unknown as ConfigService<CommonEnvironment, true>);
  const kafka = new Kafka({
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  let database: MigratedDatabase;

  beforeAll(async () => {
    database = await MigratedDatabase.create(PARCEL_SCHEMA);
  });

  afterAll(async () => {
    await database?.drop();
    const admin = kafka.admin();
    await admin.connect();
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics });
    await admin.disconnect();
  });

  async function replayTo(target: string, platformId?: string): Promise<Replayed[]> {
    const count = await replayEvents(database.dataSource, kafka, {
      topic: PARCEL_EVENTS,
      ...WINDOW,
      platformId,
      target: `${prefix}${target}`,
    });
    const received: Replayed[] = [];
    const consumer = kafka.consumer({ groupId: `${prefix}${target}` });
    await consumer.connect();
    await consumer.subscribe({ topic: `${prefix}${target}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        received.push({
          key: String(message.key),
          event: JSON.parse(String(message.value)),
          replayed: message.headers?.[REPLAYED_HEADER]?.toString(),
        });
      },
    });
    await eventually(async () => (received.length === count ? true : undefined), { timeoutMs: 30_000 });
    await consumer.disconnect();
    return received;
  }

  it("republishes a window's events with their ids, marked replayed, each parcel's in the order written", async () => {
    // The second move was stamped by a replica whose clock runs behind: written later, stamped earlier.
    const first = moved('Platform:a', 'parcel-1', 1, '2026-11-01T10:00:00.005Z');
    const second = moved('Platform:a', 'parcel-1', 2, '2026-11-01T10:00:00.001Z');
    const otherPlatform = moved('Platform:b', 'parcel-2', 1, '2026-11-01T11:00:00.000Z');
    const before = moved('Platform:a', 'parcel-3', 1, '2026-10-31T23:59:59.999Z');
    const after = moved('Platform:a', 'parcel-3', 2, '2026-11-02T00:00:00.000Z');
    for (const event of [before, first, second, otherPlatform, after]) {
      await database.dataSource.transaction((manager) => outbox.add(manager, PARCEL_EVENTS, event));
    }

    const replayed = await replayTo('all.replay');

    const ofParcel = (parcelId: string) =>
      replayed.filter(({ key }) => key === parcelId).map(({ event }) => event.eventId);
    expect(ofParcel('parcel-1')).toEqual([first.eventId, second.eventId]);
    expect(ofParcel('parcel-2')).toEqual([otherPlatform.eventId]);
    expect(ofParcel('parcel-3')).toEqual([]);
    expect(replayed.find(({ key }) => key === 'parcel-1')?.event).toEqual(first);
    expect(replayed.every(({ replayed }) => replayed === 'true')).toBe(true);

    const onePlatform = await replayTo('platform-a.replay', 'Platform:a');
    expect(onePlatform.map(({ event }) => event.eventId)).toEqual([first.eventId, second.eventId]);
  });
});
