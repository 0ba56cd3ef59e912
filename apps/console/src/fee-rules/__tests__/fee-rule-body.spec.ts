import { feeRuleBody } from '@console/fee-rules/fee-rule-body';

const FORM = { transactionType: 'CROSS_BORDER_PAYOUT', fixedFee: '30', variableFeeRate: '0.0025' } as const;

describe('feeRuleBody', () => {
  it('sends a FIXED rule its fixed fee only, as a number', () => {
    expect(feeRuleBody({ ...FORM, feeType: 'FIXED' })).toEqual({
      transactionType: 'CROSS_BORDER_PAYOUT',
      feeType: 'FIXED',
      enabled: true,
      fixedFee: 30,
    });
  });

  it('sends a PERCENTAGE rule its rate only', () => {
    expect(feeRuleBody({ ...FORM, feeType: 'PERCENTAGE' })).toEqual({
      transactionType: 'CROSS_BORDER_PAYOUT',
      feeType: 'PERCENTAGE',
      enabled: true,
      variableFeeRate: 0.0025,
    });
  });

  it('sends a HYBRID rule both', () => {
    expect(feeRuleBody({ ...FORM, feeType: 'HYBRID' })).toMatchObject({
      fixedFee: 30,
      variableFeeRate: 0.0025,
    });
  });
});
