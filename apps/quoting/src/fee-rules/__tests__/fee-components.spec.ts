import { exactRate, uncharged } from '@quoting/fee-rules/fee-components';

describe('uncharged', () => {
  it('names the components a change sets that the fee type does not charge', () => {
    expect(uncharged('FIXED', { fixedFee: 1, variableFeeRate: 0.1 })).toEqual([
      { field: 'variableFeeRate', message: 'must be left out when feeType is FIXED' },
    ]);
    expect(uncharged('PERCENTAGE', { fixedFee: 1 })).toEqual([
      { field: 'fixedFee', message: 'must be left out when feeType is PERCENTAGE' },
    ]);
  });

  it('accepts charged components and leaves absent ones alone', () => {
    expect(uncharged('HYBRID', { fixedFee: 1, variableFeeRate: 0.1 })).toEqual([]);
    expect(uncharged('FIXED', {})).toEqual([]);
    expect(uncharged('PERCENTAGE', { variableFeeRate: 0.01 })).toEqual([]);
  });
});

describe('exactRate', () => {
  it.each([
    ['0.002500', '0.0025'],
    ['0.200000', '0.2'],
    ['0.000001', '0.000001'],
    ['0.000000', '0'],
    ['0', '0'],
    ['0.1', '0.1'],
  ])('turns %s into %s', (stored, exact) => {
    expect(exactRate(stored)).toBe(exact);
  });
});
