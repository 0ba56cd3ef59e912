import { ApiException } from '../../errors/api.exception';
import { assertSafeUrl, hostileBodyFaults, MAX_JSON_DEPTH } from '../hostile-input';

const nested = (depth: number): unknown => (depth === 0 ? {} : { child: nested(depth - 1) });

describe('hostileBodyFaults', () => {
  it('accepts an ordinary body, emoji and accents included', () => {
    expect(
      hostileBodyFaults({ fullName: 'Zoë 😀', amount: 9_000_000_000_000_000, rate: 0.005, tags: ['a'] }),
    ).toEqual([]);
  });

  it.each([null, [], 'text', Infinity, 12])('refuses the body %p, which is not an object', (body) => {
    expect(hostileBodyFaults(body)).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
  });

  it('names every field that holds unstorable text, keys included', () => {
    expect(hostileBodyFaults({ a: 'x\u0000', b: { c: ['ok', '\ud800x'] }, ['k\u0000']: 1 })).toEqual([
      { field: 'a', message: 'holds a NUL character' },
      { field: 'b.c[1]', message: 'holds an unpaired UTF-16 surrogate' },
      { field: 'body key', message: 'holds a NUL character' },
    ]);
  });

  it('refuses numbers JSON cannot carry exactly', () => {
    expect(hostileBodyFaults(JSON.parse('{"a": 1e309, "b": 9007199254740993, "c": -1e400}'))).toEqual([
      { field: 'a', message: 'is a number too large to represent' },
      { field: 'b', message: 'is a number beyond 2^53, not exact in JSON' },
      { field: 'c', message: 'is a number too large to represent' },
    ]);
  });

  it(`refuses nesting beyond ${MAX_JSON_DEPTH} levels without walking it all`, () => {
    expect(hostileBodyFaults(nested(MAX_JSON_DEPTH - 1))).toEqual([]);
    expect(hostileBodyFaults(nested(MAX_JSON_DEPTH))).toHaveLength(1);
    const deep = JSON.parse(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(hostileBodyFaults(deep)[0].message).toBe(`nests deeper than ${MAX_JSON_DEPTH} levels`);
  });
});

describe('assertSafeUrl', () => {
  const refusal = (url: string) => {
    try {
      assertSafeUrl(url);
      return undefined;
    } catch (error) {
      return (error as ApiException).code;
    }
  };

  it('accepts ordinary paths and queries, with encoded text', () => {
    expect(refusal('/2025-10-13/customers?umaAddress=%24ada%40acme.uma&name=Zo%C3%AB+L')).toBeUndefined();
  });

  it.each([
    ['a NUL in the path', '/customers/abc%00'],
    ['a NUL in the query', '/customers?platformCustomerId=a%00b'],
    ['an encoded lone surrogate', '/customers?umaAddress=%ED%A0%80'],
    ['malformed percent-encoding', '/customers/%E0%A4%A'],
  ])('refuses %s with 400', (_case, url) => {
    expect(refusal(url)).toBe('INVALID_INPUT');
  });

  it('refuses an over-long path segment or URL with 414', () => {
    expect(refusal(`/customers/${'a'.repeat(257)}`)).toBe('URI_TOO_LONG');
    expect(refusal(`/customers?q=${'a'.repeat(5000)}`)).toBe('URI_TOO_LONG');
  });
});
