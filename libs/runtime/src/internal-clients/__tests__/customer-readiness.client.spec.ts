import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Caller, CallerAssertions } from '@payments/http';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { CustomerReadinessClient } from '../customer-readiness.client';

const caller: Caller = { platformId: 'Platform:1', environment: Environment.Sandbox, requestId: 'req-1' };

/** A customers app whose readiness route answers `status` and records the paths it was asked. */
async function customersApp(status: () => number): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    asked.push(request.url!);
    const refused = status() !== 204;
    response.writeHead(status(), refused ? { 'content-type': 'application/json' } : {});
    response.end(
      refused
        ? JSON.stringify({
            status: 400,
            code: 'MISSING_MANDATORY_USER_INFO',
            message: 'Payments in MXN require NATIONALITY',
            details: { missingFields: ['NATIONALITY'] },
          })
        : undefined,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

describe('CustomerReadinessClient', () => {
  let app: Awaited<ReturnType<typeof customersApp>>;
  let client: CustomerReadinessClient;
  let answer = 204;

  beforeEach(async () => {
    answer = 204;
    app = await customersApp(() => answer);
    client = new CustomerReadinessClient(
      new ConfigService({ CUSTOMERS_URL: app.url }) as ConfigService<{ CUSTOMERS_URL: string }, true>,
      new CallerAssertions('quoting', 'secret'),
    );
  });

  afterEach(async () => {
    await client.onApplicationShutdown();
    app.server.close();
  });

  it('asks once for a customer and set of currencies, in whatever order or repetition they come', async () => {
    await client.assertReady(caller, 'Customer:1', ['USD', 'MXN']);
    await client.assertReady(caller, 'Customer:1', ['MXN', 'USD', 'MXN']);

    expect(app.asked).toEqual(['/internal/customers/Customer%3A1/payment-readiness?currencies=MXN,USD']);
  });

  it('passes the refusal on and asks again next time, as the customer may have supplied the fields', async () => {
    answer = 400;
    await expect(client.assertReady(caller, 'Customer:1', ['MXN'])).rejects.toMatchObject({
      code: 'MISSING_MANDATORY_USER_INFO',
      details: { missingFields: ['NATIONALITY'] },
    });
    answer = 204;
    await client.assertReady(caller, 'Customer:1', ['MXN']);

    expect(app.asked).toHaveLength(2);
  });
});
