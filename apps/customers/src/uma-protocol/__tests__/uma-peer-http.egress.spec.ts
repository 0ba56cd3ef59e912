import { ConfigService } from '@nestjs/config';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { CustomersEnvironment } from '@customers/customers.environment';
import { UmaPeerHttp } from '@customers/uma-protocol/peers/uma-peer-http';
import { UmaPeerError } from '@customers/uma-protocol/peers/uma-peer-targets';

/**
 * The attack of issue 27 point 3: an unauthenticated lookup names `$x@<vaspDomain>` with another
 * spelling of loopback, hoping the service calls its own network. A server on loopback stands for
 * an internal service; it must never see a connection.
 */
describe('UmaPeerHttp: a vaspDomain spelling loopback', () => {
  let inside: Server;
  let port: number;
  let connections = 0;
  let peers: UmaPeerHttp;

  beforeAll(async () => {
    inside = createServer((_request, response) => response.end('{"internal":true}'));
    inside.on('connection', () => connections++);
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    port = (inside.address() as AddressInfo).port;
    peers = new UmaPeerHttp(
      new ConfigService<CustomersEnvironment, true>({
        ...new CustomersEnvironment(),
        EGRESS_ALLOW_PRIVATE_NETWORKS: 'false',
        UMA_PEER_TIMEOUT_MS: 1000,
      }),
    );
  });

  afterAll(async () => {
    await peers.onApplicationShutdown();
    await new Promise((resolve) => inside.close(resolve));
  });

  it.each([
    '127.0.0.1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    '127.0.0.1.',
    '[::ffff:127.0.0.1]',
    'localhost',
    'user@127.0.0.1',
  ])('%s is refused as NOT_ALLOWED without a connection', async (host) => {
    const failure = await peers.get(`${host}:${port}`, '/.well-known/lnurlpubkey').then(
      () => 'answered',
      (error: UmaPeerError) => error.failure,
    );
    expect(failure).toBe('NOT_ALLOWED');
    expect(connections).toBe(0);
  });
});
