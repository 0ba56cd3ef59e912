import { Environment } from '@payments/contracts';
import { callerFromHeaders } from '../caller';
import { effectIdOf } from '../effect-id';

describe('callerFromHeaders', () => {
  it('reads the platform and environment the gateway set', () => {
    expect(callerFromHeaders({ 'x-platform-id': 'Platform:1', 'x-environment': 'PRODUCTION' })).toEqual({
      platformId: 'Platform:1',
      environment: Environment.Production,
    });
  });

  it.each([
    ['without platform', { 'x-environment': 'SANDBOX' }],
    ['without environment', { 'x-platform-id': 'Platform:1' }],
    ['with an unknown environment', { 'x-platform-id': 'Platform:1', 'x-environment': 'sandbox' }],
    [
      'with the platform header repeated',
      { 'x-platform-id': ['Platform:1', 'Platform:2'], 'x-environment': 'SANDBOX' },
    ],
  ])('refuses a request %s as UNAUTHORIZED', (_case, headers) => {
    expect(() => callerFromHeaders(headers)).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED', status: 401 }),
    );
  });
});

describe('the Idempotency-Key digest the gateway passes on', () => {
  const headers = { 'x-platform-id': 'Platform:1', 'x-environment': 'SANDBOX' };

  it('is on the caller when the gateway set it, and absent otherwise', () => {
    expect(callerFromHeaders({ ...headers, 'x-idempotency-key': 'abc' }).idempotencyKey).toBe('abc');
    expect(callerFromHeaders({ ...headers, 'x-idempotency-key': '' })).not.toHaveProperty('idempotencyKey');
    expect(callerFromHeaders(headers)).not.toHaveProperty('idempotencyKey');
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
