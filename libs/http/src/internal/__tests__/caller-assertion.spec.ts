import { Environment } from '@payments/contracts';
import { createHmac } from 'node:crypto';
import { AssertedRequest, CallerAssertions } from '../caller-assertion';

const SECRET = 'the deployment secret, 32 bytes or more';
const NOW = 1_700_000_000_000;
const REQUEST: AssertedRequest = {
  method: 'POST',
  pathAndQuery: '/internal/postings/batch',
  platformId: 'Platform:1',
  environment: Environment.Sandbox,
  requestId: 'request-1',
};

const at = (app: string, now = NOW, secret = SECRET) => new CallerAssertions(app, secret, () => now);
const ledger = at('ledger');
const checked = (token: string | undefined, request = REQUEST) => ledger.verify(token, request);

/** Re-signs `claims` as the codec would with `key`: an attacker who knows the format, not the secret. */
function forged(claims: object, key: string | Buffer): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('CallerAssertions', () => {
  it('accepts an assertion made for this app and this request, binding every claim', () => {
    const token = at('transfers').sign('ledger', { ...REQUEST, idempotencyKey: 'k' });

    expect(checked(token)).toEqual({
      claims: {
        iss: 'transfers',
        aud: 'ledger',
        plt: 'Platform:1',
        env: 'SANDBOX',
        htm: 'POST',
        htu: '/internal/postings/batch',
        jti: 'request-1',
        idk: 'k',
        iat: NOW / 1000,
        exp: NOW / 1000 + 30,
      },
    });
  });

  it.each([
    ['no assertion', undefined, 'missing'],
    ['an empty one', '', 'missing'],
    ['two parts', 'a.b', 'malformed'],
    ['four parts', `${at('gateway').sign('ledger', REQUEST)}.x`, 'malformed'],
    [
      'a payload that is not JSON',
      `${at('gateway').sign('ledger', REQUEST).split('.')[0]}.bm90IGpzb24.c2ln`,
      'malformed',
    ],
  ])('refuses %s', (_case, token, reason) => {
    expect(checked(token)).toEqual({ refused: reason });
  });

  it('refuses the alg "none" and any other header', () => {
    const [, payload] = at('gateway').sign('ledger', REQUEST).split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');

    expect(checked(`${none}.${payload}.`)).toEqual({ refused: 'malformed' });
  });

  it('refuses an assertion signed with another secret', () => {
    expect(
      checked(at('gateway', NOW, 'another deployment secret of 32 bytes').sign('ledger', REQUEST)),
    ).toEqual({
      refused: 'bad_signature',
    });
  });

  it('refuses claims re-signed with the raw secret instead of the derived key', () => {
    const claims = claimsOf(at('gateway').sign('ledger', REQUEST));

    expect(checked(forged({ ...claims, plt: 'Platform:2' }, SECRET))).toEqual({ refused: 'bad_signature' });
  });

  it('refuses an assertion whose claims were changed after signing (another platform)', () => {
    const [header, , signature] = at('gateway').sign('ledger', REQUEST).split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...claimsOf(at('gateway').sign('ledger', REQUEST)), plt: 'Platform:2' }),
    ).toString('base64url');

    expect(checked(`${header}.${payload}.${signature}`)).toEqual({ refused: 'bad_signature' });
  });

  it("refuses an app's assertion relabelled as the gateway's: each issuer has its own key", () => {
    const claims = claimsOf(at('transfers').sign('ledger', REQUEST));
    const [header, , signature] = at('transfers').sign('ledger', REQUEST).split('.');
    const relabelled = Buffer.from(JSON.stringify({ ...claims, iss: 'gateway' })).toString('base64url');

    expect(checked(`${header}.${relabelled}.${signature}`)).toEqual({ refused: 'bad_signature' });
  });

  it('refuses an issuer the call map does not let call this app, even correctly signed', () => {
    expect(checked(at('webhook-dispatcher').sign('ledger', REQUEST))).toEqual({
      refused: 'untrusted_issuer',
    });
    expect(at('ledger').verify(at('ledger').sign('ledger', REQUEST), REQUEST)).toEqual({
      refused: 'untrusted_issuer',
    });
  });

  it('refuses an assertion made for another app', () => {
    expect(checked(at('gateway').sign('customers', REQUEST))).toEqual({ refused: 'wrong_audience' });
  });

  it('refuses an assertion once its 30 s are over, and one issued too far in the future', () => {
    const token = at('gateway').sign('ledger', REQUEST);

    expect(at('ledger', NOW + 29_000).verify(token, REQUEST)).toHaveProperty('claims');
    expect(at('ledger', NOW + 30_000).verify(token, REQUEST)).toEqual({ refused: 'expired' });
    expect(at('ledger', NOW - 60_000).verify(token, REQUEST)).toEqual({ refused: 'expired' });
  });

  it('refuses a correctly signed assertion that claims a lifetime longer than 30 s', () => {
    const gateway = at('gateway');
    const token = forgedWithKeyOf(gateway, gateway.sign('ledger', REQUEST), { exp: NOW / 1000 + 3600 });

    expect(checked(token)).toEqual({ refused: 'expired' });
  });

  it('refuses an assertion replayed on another path, query or method', () => {
    const token = at('gateway').sign('ledger', { ...REQUEST, pathAndQuery: '/internal/accounts/1?x=1' });
    const asSent = { method: 'POST', pathAndQuery: '/internal/accounts/1?x=1' };

    expect(checked(token, asSent)).toHaveProperty('claims');
    expect(checked(token, { ...asSent, pathAndQuery: '/internal/postings/batch' })).toEqual({
      refused: 'wrong_path',
    });
    expect(checked(token, { ...asSent, pathAndQuery: '/internal/accounts/1?x=2' })).toEqual({
      refused: 'wrong_path',
    });
    expect(checked(token, { ...asSent, method: 'GET' })).toEqual({ refused: 'wrong_method' });
  });

  it('refuses claims of the wrong types even when they are signed', () => {
    const gateway = at('gateway');
    const sign = (claims: object) => {
      const token = gateway.sign('ledger', REQUEST);
      return forgedWithKeyOf(gateway, token, claims);
    };

    expect(checked(sign({ plt: 42 }))).toEqual({ refused: 'malformed' });
    expect(checked(sign({ env: 'STAGING' }))).toEqual({ refused: 'malformed' });
    expect(checked(sign({ exp: 'never' }))).toEqual({ refused: 'malformed' });
  });
});

/** Changes claims of `token` and signs again with the issuer's own key (reached through its sign). */
function forgedWithKeyOf(issuer: CallerAssertions, token: string, changes: object): string {
  const key = (issuer as unknown as { keyOf(name: string): Buffer }).keyOf(issuer.self);
  return forged({ ...claimsOf(token), ...changes }, key);
}
