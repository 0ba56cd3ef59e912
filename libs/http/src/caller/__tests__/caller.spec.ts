import { Environment } from '@payments/contracts';
import { callerFromHeaders } from '../caller';

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
