import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { QUOTING_SCHEMA } from '@quoting/database';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { NewReceiverLookup, ReceiverLookupStore } from '@quoting/receivers/receiver-lookup.store';

jest.setTimeout(30_000);

describe('ReceiverLookupStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let store: ReceiverLookupStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(QUOTING_SCHEMA);
    // Lookups live one second here, so that their expiry is seen by the database's own clock.
    const config = { get: () => 1 } as unknown as ConfigService<QuotingEnvironment, true>;
    store = new ReceiverLookupStore(database.dataSource, config);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const newLookup = (): NewReceiverLookup => ({
    id: randomUUID(),
    platformId: randomUUID(),
    environment: Environment.Sandbox,
    receiverUmaAddress: '$success.mxn@sandbox.grid.uma.money',
    accountId: null,
    senderCustomerId: 'Customer:1',
    senderUmaAddress: '$jane@acme.uma.local',
    currencies: [{ code: 'MXN', min: 1, max: 1_000_000 }],
    requiredPayerData: [{ name: 'FULL_NAME', mandatory: true }],
    counterpartyState: { nonce: 'n-1' },
  });

  it('keeps a lookup for its caller alone, unexpired until QUOTE_TTL_SECONDS have passed', async () => {
    const lookup = newLookup();
    const inserted = await store.insert(lookup);

    expect(inserted).toMatchObject({ ...lookup, expiresAt: expect.any(Date) });
    expect(await store.find(lookup, lookup.id)).toMatchObject({ ...lookup, expired: false });
    expect(await store.find({ ...lookup, environment: Environment.Production }, lookup.id)).toBeUndefined();
    expect(await store.find({ ...lookup, platformId: randomUUID() }, lookup.id)).toBeUndefined();
    expect(await store.find(lookup, randomUUID())).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.find(lookup, lookup.id)).toMatchObject({ expired: true });
  });
});
