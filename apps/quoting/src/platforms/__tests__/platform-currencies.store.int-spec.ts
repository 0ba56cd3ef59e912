import { CurrencyLimitsV1, Environment } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { QUOTING_SCHEMA } from '@quoting/database';
import { PlatformCurrenciesStore } from '@quoting/platforms/platform-currencies.store';

jest.setTimeout(30_000);

const limits = (currencyCode: string): CurrencyLimitsV1 => ({
  currencyCode,
  minAmount: 100,
  maxAmount: 500_000,
  enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
});

describe('PlatformCurrenciesStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let store: PlatformCurrenciesStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(QUOTING_SCHEMA);
    store = new PlatformCurrenciesStore(database.dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('keeps the newest statement of each platform and environment, whatever order the events come in', async () => {
    const platformId = randomUUID();
    const sandbox = { platformId, environment: Environment.Sandbox };
    const production = { platformId, environment: Environment.Production };
    const { manager } = database.dataSource;

    await store.project(manager, {
      ...sandbox,
      currencies: [limits('USD'), limits('MXN')],
      occurredAt: '2026-11-02T00:00:00Z',
    });
    await store.project(manager, {
      ...sandbox,
      currencies: [limits('USD')],
      occurredAt: '2026-11-01T00:00:00Z',
    });
    await store.project(manager, {
      ...production,
      currencies: [limits('EUR')],
      occurredAt: '2026-11-01T00:00:00Z',
    });

    expect((await store.currenciesOf(sandbox)).map((entry) => entry.currencyCode)).toEqual(['USD', 'MXN']);
    expect((await store.currenciesOf(production)).map((entry) => entry.currencyCode)).toEqual(['EUR']);
    expect(await store.currenciesOf({ platformId: randomUUID(), environment: Environment.Sandbox })).toEqual(
      [],
    );
  });
});
