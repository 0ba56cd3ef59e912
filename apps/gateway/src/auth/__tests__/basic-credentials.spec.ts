import { parseBasic } from '@gateway/auth/token-authenticator';

const basic = (pair: string, scheme = 'Basic') => `${scheme} ${Buffer.from(pair, 'utf8').toString('base64')}`;

describe('parseBasic', () => {
  it.each(['Basic', 'basic', 'BASIC', 'bAsIc'])(
    'reads the scheme %s, which HTTP takes in any case',
    (scheme) => {
      expect(parseBasic(basic('client:secret-1', scheme))).toEqual({
        clientId: 'client',
        secret: 'secret-1',
      });
    },
  );

  it('keeps colons after the first in the secret', () => {
    expect(parseBasic(basic('client:se:cret'))).toEqual({ clientId: 'client', secret: 'se:cret' });
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Bearer abc'],
    ['no credentials', 'Basic '],
    ['not base64', 'Basic ***'],
    ['no colon', basic('clientsecret')],
    ['an empty client id', basic(':secret')],
    ['an empty secret', basic('client:')],
    ['a NUL in the client id', basic('cli\u0000ent:secret')],
    ['a NUL in the secret', basic('client:sec\u0000ret')],
    ['text that is not UTF-8', `Basic ${Buffer.from([0x63, 0x3a, 0xed, 0xa0, 0x80]).toString('base64')}`],
    ['a space in the client id', basic('cli ent:secret')],
    ['an over-long client id', basic(`${'a'.repeat(257)}:secret`)],
  ])('refuses %s', (_case, header) => {
    expect(parseBasic(header)).toBeUndefined();
  });
});
