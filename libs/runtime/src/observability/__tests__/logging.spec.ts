import type { IncomingMessage } from 'node:http';
import { requestIdOf } from '../logging';

const requestWith = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;

describe('requestIdOf', () => {
  it('keeps the request id the caller sent', () => {
    expect(requestIdOf(requestWith({ 'x-request-id': 'gw:7f3a-01.b_c' }))).toBe('gw:7f3a-01.b_c');
  });

  it.each([
    ['no id', {}],
    ['an id with spaces or markup', { 'x-request-id': 'a b<script>' }],
    ['an id over 100 characters', { 'x-request-id': 'r'.repeat(101) }],
  ])('issues a fresh uuid for a request with %s', (_case, headers) => {
    const request = requestWith({ ...headers });

    const requestId = requestIdOf(request);

    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
