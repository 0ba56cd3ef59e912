import { Environment } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

jest.setTimeout(30_000);

const URL_A = 'https://a.example.com/hooks';
const URL_B = 'https://b.example.com/hooks';

describe('WebhookEndpointsStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let store: WebhookEndpointsStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    store = new WebhookEndpointsStore(database.dataSource);
  });

  afterAll(() => database?.drop());

  const newScope = () => ({ platformId: `Platform:${randomUUID()}`, environment: Environment.Sandbox });
  const update = (scope: ReturnType<typeof newScope>, url: string | null, format: 'LEGACY' | 'ENVELOPE') =>
    store.update(database.dataSource.manager, scope, { url, format });

  it('says the endpoint is set only when its URL is new, and keeps a format changed alone', async () => {
    const scope = newScope();

    expect(await update(scope, URL_A, 'LEGACY')).toBe(true);
    expect(await update(scope, URL_A, 'ENVELOPE')).toBe(false);
    expect(await store.endpointOf(scope)).toEqual({ url: URL_A, format: 'ENVELOPE' });
    expect(await update(scope, URL_A, 'ENVELOPE')).toBe(false);
    expect(await update(scope, URL_B, 'ENVELOPE')).toBe(true);
    expect(await update(scope, null, 'LEGACY')).toBe(false);
    expect(await store.endpointOf(scope)).toEqual({ url: null, format: 'LEGACY' });
  });

  it("reads a batch's endpoints at once, LEGACY without an endpoint for a scope never heard of", async () => {
    const [known, production, unknown] = [newScope(), newScope(), newScope()];
    const knownProduction = { ...production, environment: Environment.Production };
    await update(known, URL_A, 'ENVELOPE');
    await update(knownProduction, URL_B, 'LEGACY');

    const endpointOf = await store.endpointsOf([known, knownProduction, production, unknown]);

    expect(endpointOf(known)).toEqual({ url: URL_A, format: 'ENVELOPE' });
    expect(endpointOf(knownProduction)).toEqual({ url: URL_B, format: 'LEGACY' });
    expect(endpointOf(production)).toEqual({ url: null, format: 'LEGACY' });
    expect(endpointOf(unknown)).toEqual({ url: null, format: 'LEGACY' });
  });
});
