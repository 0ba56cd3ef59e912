import { Environment } from '@payments/contracts';
import { ApiException, scopeOf } from '@payments/http';
import { eventScopeOf } from '@customers/platforms/platform-scope';

describe('scopeOf', () => {
  it("takes the platform's uuid out of the id the gateway forwards", () => {
    const scope = scopeOf({
      platformId: 'Platform:5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
      environment: Environment.Sandbox,
    });

    expect(scope).toEqual({ platformId: '5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10', environment: 'SANDBOX' });
    expect(eventScopeOf(scope)).toEqual({
      platformId: 'Platform:5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
      environment: 'SANDBOX',
    });
  });

  it.each([
    '5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
    'Platform:nope',
    'Customer:5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
  ])('refuses the platform id %j as not coming from the gateway', (platformId) => {
    expect(() => scopeOf({ platformId, environment: Environment.Production })).toThrow(ApiException);
  });
});
