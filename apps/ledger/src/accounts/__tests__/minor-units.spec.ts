import { toJsonAmount } from '@ledger/accounts/minor-units';

describe('toJsonAmount', () => {
  it('turns bigint strings and bigints into exact JSON numbers', () => {
    expect(toJsonAmount('0')).toBe(0);
    expect(toJsonAmount('-9000000000019896')).toBe(-9_000_000_000_019_896);
    expect(toJsonAmount(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a value a JSON number would round', () => {
    expect(() => toJsonAmount('9007199254740992')).toThrow(/exceed/);
    expect(() => toJsonAmount(-9_007_199_254_740_993n)).toThrow(/exceed/);
  });
});
