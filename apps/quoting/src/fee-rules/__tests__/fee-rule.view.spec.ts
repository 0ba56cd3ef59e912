import { Environment } from '@payments/contracts';
import { FeeRule } from '@quoting/fee-rules/fee-rule.entity';
import { presentFeeRule } from '@quoting/fee-rules/fee-rule.view';

const rule = (changes: Partial<FeeRule>): FeeRule =>
  Object.assign(new FeeRule(), {
    id: '0199f0a4-4d1e-7a55-8a70-3f2c1b9e6d01',
    seq: '7',
    platformId: '0199f0a4-4d1e-7a55-8a70-000000000001',
    environment: Environment.Sandbox,
    transactionType: 'CROSS_BORDER_PAYOUT',
    feeType: 'HYBRID',
    fixedFee: 25,
    variableFeeRate: '0.002500',
    enabled: true,
    createdAt: new Date('2025-10-13T09:30:00.123Z'),
    updatedAt: new Date('2025-10-13T09:31:00.456Z'),
    ...changes,
  });

describe('presentFeeRule', () => {
  it('shows the API id, the rate as a number and the timestamps to the millisecond', () => {
    expect(presentFeeRule(rule({}))).toEqual({
      id: 'FeeRule:0199f0a4-4d1e-7a55-8a70-3f2c1b9e6d01',
      transactionType: 'CROSS_BORDER_PAYOUT',
      feeType: 'HYBRID',
      fixedFee: 25,
      variableFeeRate: 0.0025,
      enabled: true,
      createdAt: '2025-10-13T09:30:00.123Z',
      updatedAt: '2025-10-13T09:31:00.456Z',
    });
  });

  it('leaves out the component a fee type does not charge', () => {
    expect(presentFeeRule(rule({ feeType: 'FIXED', variableFeeRate: null }))).not.toHaveProperty(
      'variableFeeRate',
    );
    const percentage = presentFeeRule(
      rule({ feeType: 'PERCENTAGE', fixedFee: null, variableFeeRate: '0.000000' }),
    );
    expect(percentage).not.toHaveProperty('fixedFee');
    expect(percentage.variableFeeRate).toBe(0);
  });
});
