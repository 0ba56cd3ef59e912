import { ConfigService } from '@nestjs/config';
import { CallerAssertions, ROUTE_NOT_FOUND_HEADER } from '@payments/http';
import { createServer, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { GatewayEnvironment } from '@gateway/gateway.environment';
import { UpstreamClient } from '@gateway/routing/upstream-client';

/** An upstream that answers the head of its body and holds the rest until told to finish. */
function slowUpstream(
  contentType: string,
): Promise<{ server: Server; url: string; arrived: Promise<void>; finish: () => void }> {
  let pending: ServerResponse | undefined;
  let markArrived: () => void;
  const arrived = new Promise<void>((resolve) => (markArrived = resolve));
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.write('id,status\r\n');
    pending = response;
    markArrived();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        arrived,
        finish: () => pending?.end('Transaction:1,COMPLETED\r\n'),
      }),
    ),
  );
}

function clientFor(url: string): UpstreamClient {
  const config = new ConfigService({
    TRANSFERS_URL: url,
    UPSTREAM_TIMEOUT_MS: 5_000,
    UPSTREAM_UPLOAD_TIMEOUT_MS: 5_000,
  });
  return new UpstreamClient(
    config as unknown as ConfigService<GatewayEnvironment, true>,
    new CallerAssertions('gateway', 'secret'),
  );
}

const REQUEST = { method: 'GET', pathAndQuery: '/reports/transactions', requestId: 'req-1' };

describe('UpstreamClient answers', () => {
  it('passes an export on as a stream before the upstream has finished it', async () => {
    const upstream = await slowUpstream('text/csv; charset=utf-8');
    const client = clientFor(upstream.url);
    try {
      const response = await client.call('transfers', REQUEST);
      expect(response).toMatchObject({ status: 200, body: '' });
      upstream.finish();
      let text = '';
      for await (const chunk of response.stream!) text += chunk.toString();
      expect(text).toBe('id,status\r\nTransaction:1,COMPLETED\r\n');
    } finally {
      await client.onApplicationShutdown();
      upstream.server.close();
    }
  });

  it('reads a JSON answer whole, as before', async () => {
    const upstream = await slowUpstream('application/json');
    const client = clientFor(upstream.url);
    try {
      const answered = client.call('transfers', REQUEST);
      await upstream.arrived;
      upstream.finish();
      const response = await answered;
      expect(response.stream).toBeUndefined();
      expect(response.body).toBe('id,status\r\nTransaction:1,COMPLETED\r\n');
    } finally {
      await client.onApplicationShutdown();
      upstream.server.close();
    }
  });

  it.each([
    ['a path the app has no route for', { [ROUTE_NOT_FOUND_HEADER]: 'true' }, true],
    ['a resource the route did not find', {}, undefined],
  ])('tells %s by its header, not its text', async (_case, headers, routeMissing) => {
    const server = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json', ...headers });
      response.end('{"status":404,"code":"NOT_FOUND","message":"Route not found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = clientFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      expect((await client.call('transfers', REQUEST)).routeMissing).toBe(routeMissing);
    } finally {
      await client.onApplicationShutdown();
      server.close();
    }
  });
});
