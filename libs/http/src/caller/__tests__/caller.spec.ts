import { Environment } from '@payments/contracts';
import { AssertionClaims } from '../../internal/caller-assertion';
import { callerOfAssertion } from '../asserted-caller';
import { recordVerifiedCaller, verifiedCallerOf } from '../caller';
import { effectIdOf } from '../effect-id';

const CLAIMS: AssertionClaims = {
  iss: 'gateway',
  aud: 'ledger',
  plt: 'Platform:1',
  env: Environment.Production,
  htm: 'GET',
  htu: '/internal/accounts/1',
  jti: 'request-1',
  iat: 1_700_000_000,
  exp: 1_700_000_030,
};

describe('callerOfAssertion', () => {
  it('takes the platform, environment and request id from the verified claims', () => {
    expect(callerOfAssertion({}, CLAIMS)).toEqual({
      platformId: 'Platform:1',
      environment: Environment.Production,
      requestId: 'request-1',
    });
  });

  it.each([
    ['another platform', { 'x-platform-id': 'Platform:2' }],
    ['another environment', { 'x-environment': 'SANDBOX' }],
    ['another request id', { 'x-request-id': 'request-2' }],
    ['an idempotency key the assertion does not name', { 'x-idempotency-key': 'k' }],
    ['the platform header repeated', { 'x-platform-id': ['Platform:1', 'Platform:2'] }],
  ])('refuses identity headers naming %s', (_case, headers) => {
    expect(callerOfAssertion(headers, CLAIMS)).toBe('identity_mismatch');
  });

  it('names no caller for an assertion acting for no platform (the public pages)', () => {
    expect(callerOfAssertion({}, { ...CLAIMS, plt: undefined, env: undefined })).toBeUndefined();
  });
});

describe('verifiedCallerOf', () => {
  it('refuses a request no assertion vouched for as UNAUTHORIZED, whatever its headers say', () => {
    const request = { headers: { 'x-platform-id': 'Platform:1', 'x-environment': 'SANDBOX' } } as never;

    expect(() => verifiedCallerOf(request)).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED', status: 401 }),
    );
  });

  it('answers the caller recorded for the request', () => {
    const request = { headers: {} } as never;
    const caller = { platformId: 'Platform:1', environment: Environment.Sandbox };
    recordVerifiedCaller(request, caller);

    expect(verifiedCallerOf(request)).toBe(caller);
  });
});

describe('the Idempotency-Key digest the gateway passes on', () => {
  it('is on the caller when the assertion names it, and absent otherwise', () => {
    expect(callerOfAssertion({ 'x-idempotency-key': 'abc' }, { ...CLAIMS, idk: 'abc' })).toHaveProperty(
      'idempotencyKey',
      'abc',
    );
    expect(callerOfAssertion({}, CLAIMS)).not.toHaveProperty('idempotencyKey');
  });

  it('names one effect per key, platform, environment and operation', () => {
    const caller = { platformId: 'Platform:1', environment: Environment.Sandbox, idempotencyKey: 'k' };
    const id = effectIdOf(caller, 'transfer-out');

    expect(effectIdOf({ ...caller }, 'transfer-out')).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(
      new Set([
        id,
        effectIdOf({ ...caller, idempotencyKey: 'other' }, 'transfer-out'),
        effectIdOf({ ...caller, platformId: 'Platform:2' }, 'transfer-out'),
        effectIdOf({ ...caller, environment: Environment.Production }, 'transfer-out'),
        effectIdOf(caller, 'transfer-in'),
      ]).size,
    ).toBe(5);
  });

  it('leaves the id of a request without a key random', () => {
    const caller = { platformId: 'Platform:1', environment: Environment.Sandbox };

    expect(effectIdOf(caller, 'quote')).not.toBe(effectIdOf(caller, 'quote'));
  });
});
