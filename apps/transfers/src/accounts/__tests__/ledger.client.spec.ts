import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { LedgerClient } from '@transfers/accounts/ledger.client';

const ACCOUNT = 'InternalAccount:7b3c1a2e-2222-4d2f-9a1b-000000000002';
const SANDBOX = {
  platformId: 'Platform:7b3c1a2e-0000-4d2f-9a1b-000000000001',
  environment: Environment.Sandbox,
};

/** A stand-in for the ledger's internal API that counts the lookups it answers. */
describe('LedgerClient account lookups', () => {
  let server: Server;
  let ledger: LedgerClient;
  const lookups: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
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
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ledger = new LedgerClient({ get: () => url } as unknown as ConfigService<never, true>);
  });

  afterAll(async () => {
    await ledger.onApplicationShutdown();
    await new Promise((resolve) => server.close(resolve));
  });

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
