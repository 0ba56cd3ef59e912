import { LookupAddress } from 'node:dns';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { EgressPolicy } from '../address-policy';
import { EgressRefusedError, isEgressRefused } from '../egress-refused.error';
import { guardedAgent } from '../guarded-agent';
import { guardedLookup, Resolve } from '../guarded-lookup';

/** A resolver that answers what the test says each name resolves to, as an attacker's DNS would. */
function resolverOf(records: Record<string, string[]>): Resolve {
  return (hostname, _options, callback) => {
    const addresses = records[hostname];
    if (!addresses)
      return callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      );
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

const RECORDS = {
  'hooks.example.com': ['10.0.0.5'],
  'rebind.example.com': ['93.184.215.14', '127.0.0.1'],
  'metadata-alias.example.com': ['169.254.169.254'],
  'mapped-metadata.example.com': ['::ffff:169.254.169.254'],
  'receiver.example.com': ['127.0.0.1'],
  'public.example.com': ['93.184.215.14', '2606:4700::1111'],
};

describe('guardedLookup', () => {
  const lookup = (policy: EgressPolicy, hostname: string, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup(policy, resolverOf(RECORDS))(hostname, { all }, (error, address) =>
        resolve({ error, address }),
      ),
    );

  it('refuses a name that resolves to a private address', async () => {
    const { error } = await lookup(new EgressPolicy(false), 'hooks.example.com', false);
    expect(error).toBeInstanceOf(EgressRefusedError);
    expect(error).toMatchObject({ refusal: 'PRIVATE_NETWORK', host: 'hooks.example.com' });
  });

  it('refuses a name any of whose addresses is refused, whichever one the connection would pick', async () => {
    expect((await lookup(new EgressPolicy(false), 'rebind.example.com', true)).error).toBeInstanceOf(
      EgressRefusedError,
    );
  });

  it('refuses cloud metadata even when private networks are allowed, in IPv4 and mapped IPv6', async () => {
    const open = new EgressPolicy(true);
    expect((await lookup(open, 'metadata-alias.example.com', false)).error).toMatchObject({
      refusal: 'CLOUD_METADATA',
    });
    expect((await lookup(open, 'mapped-metadata.example.com', true)).error).toMatchObject({
      refusal: 'CLOUD_METADATA',
    });
  });

  it('answers public addresses in the shape asked for (one, or all)', async () => {
    const strict = new EgressPolicy(false);
    expect(await lookup(strict, 'public.example.com', false)).toEqual({
      error: null,
      address: '93.184.215.14',
    });
    expect((await lookup(strict, 'public.example.com', true)).address).toHaveLength(2);
  });

  it('passes resolution errors on as they are', async () => {
    expect((await lookup(new EgressPolicy(false), 'nowhere.example.com', false)).error).toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});

describe('guardedAgent', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  const agents: Agent[] = [];

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('inside'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close()));
    await new Promise((resolve) => server.close(resolve));
  });

  function agentOf(allowPrivateNetworks: boolean): Agent {
    const agent = guardedAgent(new EgressPolicy(allowPrivateNetworks), {
      resolve: resolverOf(RECORDS),
      connect: { timeout: 2000 },
    });
    agents.push(agent);
    return agent;
  }

  async function refusalOf(url: string, agent: Agent): Promise<unknown> {
    const before = connections;
    const error = await request(url, { dispatcher: agent }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(connections).toBe(before);
    return error;
  }

  it.each(['127.0.0.1', '2130706433', '0x7f000001', '127.1', '127.0.0.1.', '[::ffff:127.0.0.1]'])(
    'refuses the loopback literal %s before connecting (Node would skip the lookup)',
    async (host) => {
      expect(isEgressRefused(await refusalOf(`http://${host}:${port}/`, agentOf(false)))).toBe(true);
    },
  );

  it('refuses a name whose DNS answer is private, without connecting', async () => {
    expect(isEgressRefused(await refusalOf(`http://receiver.example.com:${port}/`, agentOf(false)))).toBe(
      true,
    );
  });

  it('refuses the metadata address, literal or by name, with private networks allowed', async () => {
    const open = agentOf(true);
    expect(isEgressRefused(await refusalOf('http://169.254.169.254/latest/meta-data/', open))).toBe(true);
    expect(isEgressRefused(await refusalOf('http://metadata-alias.example.com/', open))).toBe(true);
  });

  it('reaches a local receiver, by address and by name, once private networks are allowed', async () => {
    const open = agentOf(true);
    for (const url of [`http://127.0.0.1:${port}/`, `http://receiver.example.com:${port}/`]) {
      const response = await request(url, { dispatcher: open });
      expect(await response.body.text()).toBe('inside');
    }
  });
});
