import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { QUOTING_SCHEMA } from '@quoting/database';
import { Quote } from '@quoting/quotes/quote.entity';
import { NewQuote, QuoteStore } from '@quoting/quotes/quote.store';
import { QuotingEnvironment } from '@quoting/quoting.environment';

jest.setTimeout(30_000);

const TTL_SECONDS = 60;
const SCOPE = { platformId: randomUUID(), environment: Environment.Sandbox };

function newQuote(): NewQuote {
  return {
    id: randomUUID(),
    ...SCOPE,
    sourceType: 'ACCOUNT',
    sourceAccountId: `InternalAccount:${randomUUID()}`,
    sendingCustomerId: `Customer:${randomUUID()}`,
    sendingCurrency: 'USD',
    destinationAccountId: `ExternalAccount:${randomUUID()}`,
    receivingCurrency: 'MXN',
    sendingUmaAddress: null,
    receivingUmaAddress: null,
    lookupId: null,
    senderCustomerInfo: null,
    counterpartyInformation: null,
    lockedSide: 'SENDING',
    totalSendingAmount: '9000000000000000',
    totalReceivingAmount: '152990000000000000',
    feesIncluded: '35',
    platformFee: '10',
    serviceFee: '25',
    exchangeRate: '0.0588235294117647',
    rateDetails: {
      counterpartyMultiplier: 17,
      counterpartyFixedFee: 0,
      serviceApiMultiplier: 17,
      serviceApiFixedFee: 25,
      serviceApiVariableFeeRate: 0,
      serviceApiVariableFeeAmount: 0,
      platformFixedFee: 10,
      platformVariableFeeRate: 0.0001,
      platformVariableFeeAmount: 0,
    },
    fundingAccountId: null,
    paymentInstructions: null,
    reference: null,
    transactionId: randomUUID(),
    description: 'rent, "May"',
  };
}

describe('QuoteStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let store: QuoteStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(QUOTING_SCHEMA);
    dataSource = database.dataSource;
    const config = { get: () => TTL_SECONDS } as unknown as ConfigService<QuotingEnvironment, true>;
    store = new QuoteStore(dataSource, dataSource.getRepository(Quote), config);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await database?.drop();
  });

  /** Counts the statements that start with `prefix` while `work` runs. */
  async function statementsOf<T>(prefix: string, work: () => Promise<T>): Promise<[T, number]> {
    const query = jest.spyOn(dataSource, 'query');
    const result = await work();
    const count = query.mock.calls.filter(([sql]) => sql.trim().startsWith(prefix)).length;
    query.mockRestore();
    return [result, count];
  }

  it('inserts the quotes of concurrent requests in shared statements, each PENDING with its own values', async () => {
    const quotes = Array.from({ length: 12 }, newQuote);
    const [inserted, statements] = await statementsOf('INSERT', () =>
      Promise.all(quotes.map((quote) => store.insert(quote))),
    );

    // The first goes at once; the eleven that arrive while it runs share the next statement.
    expect(statements).toBe(2);
    inserted.forEach((quote, index) => {
      expect(quote).toMatchObject({ ...quotes[index], status: 'PENDING', transactionConfirmed: false });
      expect(quote.expiresAt.getTime() - quote.createdAt.getTime()).toBe(TTL_SECONDS * 1000);
    });
    expect(await store.find(SCOPE, quotes[5].id)).toEqual(inserted[5]);
  });

  it('leaves parked quotes out of the expiry sweep and the execution recovery', async () => {
    const [expiring, parkedExpiring, executing, parkedExecuting] = await Promise.all(
      Array.from({ length: 4 }, () => store.insert(newQuote())),
    );
    await dataSource.query(
      `UPDATE quotes SET expires_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])`,
      [[expiring.id, parkedExpiring.id]],
    );
    await dataSource.query(
      `UPDATE quotes SET status = 'PROCESSING', executed_at = now() - interval '1 hour' WHERE id = ANY($1::uuid[])`,
      [[executing.id, parkedExecuting.id]],
    );
    await dataSource.query(
      `UPDATE quotes SET parked_at = now(), park_reason = 'poison' WHERE id = ANY($1::uuid[])`,
      [[parkedExpiring.id, parkedExecuting.id]],
    );

    expect(await store.expiredPendingIds(100)).not.toContain(parkedExpiring.id);
    const expired = (await store.expire()).map((quote) => quote.id);
    expect(expired).toContain(expiring.id);
    expect(expired).not.toContain(parkedExpiring.id);
    const unconfirmed = (await store.unconfirmedExecutions(30, 100)).map((quote) => quote.id);
    expect(unconfirmed).toContain(executing.id);
    expect(unconfirmed).not.toContain(parkedExecuting.id);
  });

  it('finds a quote only in its own scope', async () => {
    const quote = await store.insert(newQuote());

    expect(await store.find({ ...SCOPE, environment: Environment.Production }, quote.id)).toBeUndefined();
    expect(await store.find({ ...SCOPE, platformId: randomUUID() }, quote.id)).toBeUndefined();
    expect(await store.find(SCOPE, randomUUID())).toBeUndefined();
  });

  it('claims concurrent executions in shared statements, each quote for its first claim only', async () => {
    const quotes = await Promise.all(Array.from({ length: 6 }, () => store.insert(newQuote())));
    const claims = [...quotes, ...quotes].map((quote, index) => ({
      id: quote.id,
      executionKey: `key-${index}`,
    }));

    const [claimed, statements] = await statementsOf('WITH locked', () =>
      Promise.all(claims.map((claim) => store.claimForExecution(claim))),
    );

    expect(statements).toBe(2);
    const won = claimed.filter((quote) => quote !== undefined);
    expect(won.map((quote) => quote!.id).sort()).toEqual(quotes.map((quote) => quote.id).sort());
    expect(won.every((quote) => quote!.status === 'PROCESSING' && quote!.executedAt !== null)).toBe(true);
    // Each quote records the key of the claim that took it.
    expect(won.map((quote) => quote!.executionKey).sort()).toEqual(
      claims
        .slice(0, quotes.length)
        .map((claim) => claim.executionKey)
        .sort(),
    );
  });

  it('answers the stored quote when a quote with the same id is inserted again', async () => {
    const first = await store.insert(newQuote());

    const again = await store.insert({ ...newQuote(), id: first.id });

    expect(again).toEqual(first);
  });

  it('follows transactions in one statement: confirms, ends only from PROCESSING, answers what ended, once', async () => {
    const [completing, confirming, unclaimed] = await Promise.all(
      Array.from({ length: 3 }, () => store.insert(newQuote())),
    );
    await store.claimForExecution({ id: completing.id });
    await store.claimForExecution({ id: confirming.id });
    const progress = new Map([
      [completing.transactionId, 'COMPLETED' as const],
      [confirming.transactionId, null],
      [unclaimed.transactionId, 'FAILED' as const],
    ]);

    const [ended, statements] = await statementsOf('UPDATE', () => store.follow(progress));

    expect(statements).toBe(1);
    expect(ended).toEqual([
      { id: completing.id, transactionId: completing.transactionId, status: 'COMPLETED' },
    ]);
    const [completed, confirmed, pending] = await Promise.all(
      [completing, confirming, unclaimed].map((quote) => store.find(SCOPE, quote.id)),
    );
    expect(completed).toMatchObject({ status: 'COMPLETED', transactionConfirmed: true });
    expect(completed!.updatedAt.getTime()).toBeGreaterThanOrEqual(completing.updatedAt.getTime());
    expect(confirmed).toMatchObject({ status: 'PROCESSING', transactionConfirmed: true });
    expect(pending!.status).toBe('PENDING');
    expect(await store.follow(progress)).toEqual([]);
  });

  it('claims no quote past its expiresAt, and the sweep expires it', async () => {
    const quote = await store.insert(newQuote());
    await dataSource.query(`UPDATE quotes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      quote.id,
    ]);

    expect(await store.claimForExecution({ id: quote.id })).toBeUndefined();
    const expired = await store.expire();
    expect(expired.map(({ id }) => id)).toEqual([quote.id]);
    expect((await store.find(SCOPE, quote.id))!.status).toBe('EXPIRED');
  });
});
