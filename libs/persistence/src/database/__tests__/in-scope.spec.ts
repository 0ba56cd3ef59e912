import { Environment } from '@payments/contracts';
import { PlatformScope } from '@payments/http';
import { inScope } from '../in-scope';

describe('inScope', () => {
  const scope: PlatformScope = { platformId: 'a1', environment: Environment.Sandbox };
  const other = (changes: Partial<PlatformScope>): PlatformScope => ({ ...scope, ...changes });

  it("returns the row of the caller's platform and environment", () => {
    const row = { ...scope, id: 'x' };
    expect(inScope(row, scope)).toBe(row);
  });

  it("answers undefined, as for no row, for another platform's row, another environment's row and no row", () => {
    expect(inScope(other({ platformId: 'b2' }), scope)).toBeUndefined();
    expect(inScope(other({ environment: Environment.Production }), scope)).toBeUndefined();
    expect(inScope(null, scope)).toBeUndefined();
    expect(inScope(undefined, scope)).toBeUndefined();
  });
});
