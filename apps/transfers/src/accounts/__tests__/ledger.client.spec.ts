import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException, CallerAssertions } from '@payments/http';
import { createServer, IncomingMessage, RequestListener } from 'node:http';
import { AddressInfo } from 'node:net';
import { LedgerClient, Posting } from '@transfers/accounts/ledger.client';

const SECRET = 'a deployment secret of at least 32 bytes';
const ACCOUNT = 'InternalAccount:7b3c1a2e-2222-4d2f-9a1b-000000000002';
const SANDBOX = {
  platformId: 'Platform:7b3c1a2e-0000-4d2f-9a1b-000000000001',
  environment: Environment.Sandbox,
};

/** A LedgerClient of a stand-in for the ledger that answers with `handler`, and how to stop both. */
async function ledgerAnsweredBy(
  handler: RequestListener,
): Promise<{ ledger: LedgerClient; stop: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ledger = new LedgerClient(
    { get: () => url } as unknown as ConfigService<never, true>,
    new CallerAssertions('transfers', SECRET),
  );
  const stop = async () => {
    await ledger.onApplicationShutdown();
    await new Promise((resolve) => server.close(resolve));
  };
  return { ledger, stop };
}

/** A stand-in for the ledger's internal API that counts the lookups it answers. */
describe('LedgerClient account lookups', () => {
  let stop: () => Promise<void>;
  let ledger: LedgerClient;
  const lookups: IncomingMessage[] = [];

  beforeAll(async () => {
    ({ ledger, stop } = await ledgerAnsweredBy((request, response) => {
      lookups.push(request);
      const known = request.url === `/internal/accounts/${encodeURIComponent(ACCOUNT)}`;
      response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          known
            ? {
                id: ACCOUNT,
                customerId: 'Customer:1',
                platformCustomerId: 'c-1',
                currency: 'USD',
                balance: 500,
              }
            : { status: 404, code: 'ACCOUNT_NOT_FOUND', message: 'not found' },
        ),
      );
    }));
  });

  afterAll(() => stop());

  beforeEach(() => lookups.splice(0));

  it('asks the ledger once per account and caller, and keeps only what cannot change (not the balance)', async () => {
    const first = await ledger.account(SANDBOX, ACCOUNT);
    const second = await ledger.account(SANDBOX, ACCOUNT);

    expect(first).toEqual({
      id: ACCOUNT,
      customerId: 'Customer:1',
      platformCustomerId: 'c-1',
      currency: 'USD',
    });
    expect(second).toEqual(first);
    expect(lookups).toHaveLength(1);
    expect(lookups[0].headers).toMatchObject({
      'x-platform-id': SANDBOX.platformId,
      'x-environment': 'SANDBOX',
    });
    // Vouched for by an assertion the ledger accepts from transfers, for this very request.
    const check = new CallerAssertions('ledger', SECRET).verify(lookups[0].headers['x-caller-assertion'], {
      method: 'GET',
      pathAndQuery: lookups[0].url!,
    });

    expect(check).toMatchObject({
      claims: { iss: 'transfers', aud: 'ledger', plt: SANDBOX.platformId, env: 'SANDBOX' },
    });
  });

  it('asks again for another platform or environment: the ledger decides what each may see', async () => {
    await ledger.account({ ...SANDBOX, environment: Environment.Production }, ACCOUNT);
    await ledger.account(
      { ...SANDBOX, platformId: 'Platform:7b3c1a2e-0000-4d2f-9a1b-000000000009' },
      ACCOUNT,
    );
    expect(lookups).toHaveLength(2);
  });

  it('passes on a 404 and does not remember it', async () => {
    const unknown = 'InternalAccount:7b3c1a2e-2222-4d2f-9a1b-000000000099';
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(ledger.account(SANDBOX, unknown)).rejects.toMatchObject(
        new ApiException('ACCOUNT_NOT_FOUND', 'not found'),
      );
    }
    expect(lookups).toHaveLength(2);
  });
});

/**
 * A stand-in for the ledger's batch endpoint that records each call. It refuses a posting over 1,000
 * on its own, and one over 1,000,000 so badly that a batch holding it is refused as a whole.
 */
describe('LedgerClient postings', () => {
  let stop: () => Promise<void>;
  let ledger: LedgerClient;
  const calls: { platformId: string; postings: Posting[] }[] = [];
  const invalid = { status: 400, code: 'INVALID_INPUT', message: 'amount must not be greater than 1000000' };
  const outcomeOf = (posting: Posting) =>
    posting.amount > 1_000_000
      ? { status: 400, error: invalid }
      : posting.amount > 1_000
        ? { status: 422, error: { status: 422, code: 'INSUFFICIENT_BALANCE', message: 'too much' } }
        : { status: 201, posting: {} };

  beforeAll(async () => {
    ({ ledger, stop } = await ledgerAnsweredBy((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const { postings } = JSON.parse(body) as { postings: Posting[] };
        calls.push({ platformId: String(request.headers['x-platform-id']), postings });
        const outcomes = postings.map(outcomeOf);
        const [status, answer] =
          request.url !== '/internal/postings/batch'
            ? [404, {}]
            : outcomes.some((outcome) => outcome.status === 400)
              ? [400, invalid]
              : [200, { results: outcomes }];
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
    }));
  });

  afterAll(() => stop());

  const reserve = (index: number, amount: number): Posting => ({
    transactionId: `Transaction:${index}`,
    kind: 'RESERVE',
    accountId: ACCOUNT,
    amount,
    currency: 'USD',
  });

  it('sends concurrent postings of one caller together, and refuses only the one the ledger refused', async () => {
    const other = { ...SANDBOX, platformId: 'Platform:7b3c1a2e-0000-4d2f-9a1b-000000000009' };
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, index) =>
        ledger.post(SANDBOX, reserve(index, index === 7 ? 5_000 : 100)),
      ),
      ledger.post(other, reserve(10, 100)),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => (index === 7 ? 'rejected' : 'fulfilled')),
      'fulfilled',
    ]);
    expect((outcomes[7] as PromiseRejectedResult).reason).toMatchObject(
      new ApiException('INSUFFICIENT_BALANCE', 'too much'),
    );
    // One call of a caller at a time: the first posting goes alone, the rest together.
    expect(calls.filter((call) => call.platformId === SANDBOX.platformId).length).toBeLessThanOrEqual(2);
    expect(calls.filter((call) => call.platformId === other.platformId)).toEqual([
      { platformId: other.platformId, postings: [reserve(10, 100)] },
    ]);
    expect(calls.flatMap((call) => call.postings.map((posting) => posting.transactionId)).sort()).toEqual(
      Array.from({ length: 11 }, (_, index) => `Transaction:${index}`).sort(),
    );
  });

  it('sends each posting of a batch the ledger refused as a whole again alone, refusing only the bad one', async () => {
    calls.splice(0);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        ledger.post(SANDBOX, reserve(20 + index, index === 4 ? 5_000_000 : 100)),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[4] as PromiseRejectedResult).reason).toMatchObject(
      new ApiException('INVALID_INPUT', invalid.message),
    );
    expect(calls).toContainEqual({ platformId: SANDBOX.platformId, postings: [reserve(24, 5_000_000)] });
  });
});
