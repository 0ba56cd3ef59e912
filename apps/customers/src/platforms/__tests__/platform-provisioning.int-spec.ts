import { Environment, PLATFORM_EVENTS, uuidOf } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { DataSource } from 'typeorm';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { ensurePlatform } from '@customers/platforms/platform-provisioning';

jest.setTimeout(30_000);

/** What a new platform may do until it changes its configuration: USD both ways, one cent to one million dollars. */
const USD_ONLY = [
  {
    currencyCode: 'USD',
    minAmount: 1,
    maxAmount: 100_000_000,
    requiredCounterpartyFields: [],
    enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
  },
];

describe('ensurePlatform (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  const outbox = { add: jest.fn() };

  beforeAll(async () => {
    database = await MigratedDatabase.create(CUSTOMERS_SCHEMA);
    dataSource = database.dataSource;
  });

  afterAll(async () => {
    await database?.drop();
  });

  const configsOf = (platformId: string) =>
    dataSource.getRepository(PlatformConfig).find({
      where: { platformId: uuidOf('Platform', platformId) },
      order: { environment: 'ASC' },
    });

  it('gives a new platform a config per environment, USD only, with its own UMA host, and announces both', async () => {
    const platformId = await ensurePlatform(dataSource, outbox as unknown as Outbox, 'Acme Pay', 'uma.local');

    const configs = await configsOf(platformId);
    expect(
      configs.map(({ environment, umaDomain, supportedCurrencies, webhookEndpoint }) => ({
        environment,
        umaDomain,
        supportedCurrencies,
        webhookEndpoint,
      })),
    ).toEqual([
      {
        environment: Environment.Production,
        umaDomain: 'acme-pay.uma.local',
        supportedCurrencies: USD_ONLY,
        webhookEndpoint: null,
      },
      {
        environment: Environment.Sandbox,
        umaDomain: 'acme-pay.sandbox.uma.local',
        supportedCurrencies: USD_ONLY,
        webhookEndpoint: null,
      },
    ]);
    expect(outbox.add).toHaveBeenCalledTimes(1);
    expect(outbox.add.mock.calls[0][1]).toBe(PLATFORM_EVENTS);
    expect(outbox.add.mock.calls[0][2]).toHaveLength(2);
  });

  it('answers the existing platform for a name it knows, changing and announcing nothing', async () => {
    const first = await ensurePlatform(dataSource, outbox as unknown as Outbox, 'Globex', 'uma.local');
    const before = await configsOf(first);
    outbox.add.mockClear();

    const again = await ensurePlatform(dataSource, outbox as unknown as Outbox, 'Globex', 'uma.local');

    expect(again).toBe(first);
    expect(await configsOf(again)).toEqual(before);
    expect(outbox.add).not.toHaveBeenCalled();
  });
});
