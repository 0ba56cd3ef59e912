import { clientAddress } from '@gateway/rate-limit/request-limits';
import type { FastifyRequest } from 'fastify';

/** Fastify's `ips`: the socket's address first, then X-Forwarded-For from its last entry back. */
const request = (ips: string[]) => ({ ips, socket: { remoteAddress: ips[0] } }) as unknown as FastifyRequest;

describe('clientAddress', () => {
  it('takes the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request(['203.0.113.9', '198.51.100.1']), 0)).toBe('203.0.113.9');
  });

  it('behind one proxy, takes the entry that proxy appended, not those the client wrote before it', () => {
    expect(clientAddress(request(['10.0.0.5', '203.0.113.9', '198.51.100.1', '198.51.100.2']), 1)).toBe(
      '203.0.113.9',
    );
  });

  it('takes the farthest address there is when the chain is shorter than the proxies trusted', () => {
    expect(clientAddress(request(['10.0.0.5']), 2)).toBe('10.0.0.5');
  });
});
