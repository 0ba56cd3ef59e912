import { ApiException, createValidationPipe, FieldError } from '@payments/http';
import { CreateFeeRuleDto } from '@quoting/fee-rules/dto/create-fee-rule.dto';
import { ListFeeRulesQuery } from '@quoting/fee-rules/dto/list-fee-rules.query';
import { UpdateFeeRuleDto } from '@quoting/fee-rules/dto/update-fee-rule.dto';

type Dto = typeof CreateFeeRuleDto | typeof UpdateFeeRuleDto | typeof ListFeeRulesQuery;

function validated<T>(metatype: Dto, value: unknown, type: 'body' | 'query' = 'body'): Promise<T> {
  return createValidationPipe().transform(value, { type, metatype });
}

async function fieldErrors(
  metatype: Dto,
  value: unknown,
  type: 'body' | 'query' = 'body',
): Promise<FieldError[]> {
  try {
    await validated(metatype, value, type);
  } catch (error) {
    expect((error as ApiException).code).toBe('INVALID_INPUT');
    return (error as ApiException).details!.errors as FieldError[];
  }
  return [];
}

const FIXED_FEE_RANGE = 'must be an integer from 0 to 10000 (USD cents)';
const RATE_RANGE = 'must be a number from 0 to 0.2 with at most 6 decimal places';

describe('CreateFeeRuleDto', () => {
  const create = (body: object) => fieldErrors(CreateFeeRuleDto, { transactionType: 'RAMP_ON', ...body });

  it.each([
    ['FIXED', { fixedFee: 0 }],
    ['FIXED', { fixedFee: 10_000, enabled: false }],
    ['PERCENTAGE', { variableFeeRate: 0 }],
    ['PERCENTAGE', { variableFeeRate: 0.2 }],
    ['PERCENTAGE', { variableFeeRate: 0.000001 }],
    ['HYBRID', { fixedFee: 30, variableFeeRate: 0.123456 }],
  ])('accepts a %s rule with %j', async (feeType, components) => {
    expect(await create({ feeType, ...components })).toEqual([]);
  });

  it('keeps the values as sent and leaves enabled to its default', async () => {
    const body = await validated<CreateFeeRuleDto>(CreateFeeRuleDto, {
      transactionType: 'CROSS_BORDER_PAYOUT',
      feeType: 'HYBRID',
      fixedFee: 25,
      variableFeeRate: 0.0025,
    });
    expect(body).toEqual({
      transactionType: 'CROSS_BORDER_PAYOUT',
      feeType: 'HYBRID',
      fixedFee: 25,
      variableFeeRate: 0.0025,
    });
  });

  it.each([
    ['FIXED', {}, [{ field: 'fixedFee', message: 'is required when feeType is FIXED' }]],
    ['PERCENTAGE', {}, [{ field: 'variableFeeRate', message: 'is required when feeType is PERCENTAGE' }]],
    [
      'HYBRID',
      {},
      [
        { field: 'fixedFee', message: 'is required when feeType is HYBRID' },
        { field: 'variableFeeRate', message: 'is required when feeType is HYBRID' },
      ],
    ],
    [
      'FIXED',
      { fixedFee: 10, variableFeeRate: 0.01 },
      [{ field: 'variableFeeRate', message: 'must be left out when feeType is FIXED' }],
    ],
    [
      'PERCENTAGE',
      { fixedFee: 5, variableFeeRate: 0.01 },
      [{ field: 'fixedFee', message: 'must be left out when feeType is PERCENTAGE' }],
    ],
  ])('refuses a %s rule with %j', async (feeType, components, errors) => {
    expect(await create({ feeType, ...components })).toEqual(errors);
  });

  it.each([10_001, -1, 1.5, '30', null, true])('refuses fixedFee %j', async (fixedFee) => {
    expect(await create({ feeType: 'FIXED', fixedFee })).toEqual([
      { field: 'fixedFee', message: FIXED_FEE_RANGE },
    ]);
  });

  it.each([0.2000001, 0.21, -0.01, 0.0000001, 0.0012345, '0.01', null, Number.NaN])(
    'refuses variableFeeRate %j',
    async (variableFeeRate) => {
      expect(await create({ feeType: 'PERCENTAGE', variableFeeRate })).toEqual([
        { field: 'variableFeeRate', message: RATE_RANGE },
      ]);
    },
  );

  it('reports a mismatch rather than the range of a value the fee type does not take', async () => {
    expect(await create({ feeType: 'FIXED', fixedFee: 1, variableFeeRate: 5 })).toEqual([
      { field: 'variableFeeRate', message: 'must be left out when feeType is FIXED' },
    ]);
  });

  it('lists every bad field at once, judging components by their range when the fee type is unknown', async () => {
    const errors = await fieldErrors(CreateFeeRuleDto, {
      transactionType: 'REFUND',
      feeType: 'TIERED',
      fixedFee: -1,
      variableFeeRate: 0.5,
      enabled: 'yes',
      currency: 'USD',
    });
    expect(errors.map((error) => error.field).sort()).toEqual(
      ['currency', 'enabled', 'feeType', 'fixedFee', 'transactionType', 'variableFeeRate'].sort(),
    );
  });

  it('refuses a missing transactionType and feeType, and a null enabled', async () => {
    const errors = await fieldErrors(CreateFeeRuleDto, { enabled: null });
    expect(errors.map((error) => error.field)).toEqual(['transactionType', 'feeType', 'enabled']);
  });
});

describe('UpdateFeeRuleDto', () => {
  const update = (body: object) => fieldErrors(UpdateFeeRuleDto, body);

  it('accepts any of the changeable fields, or none', async () => {
    expect(await update({ fixedFee: 0, variableFeeRate: 0.2, enabled: false })).toEqual([]);
    expect(await update({ enabled: true })).toEqual([]);
    expect(await update({})).toEqual([]);
  });

  it('refuses out-of-range and null components, and a null enabled', async () => {
    expect(await update({ fixedFee: 10_001, variableFeeRate: null, enabled: null })).toEqual([
      { field: 'fixedFee', message: FIXED_FEE_RANGE },
      { field: 'variableFeeRate', message: RATE_RANGE },
      { field: 'enabled', message: 'must be a boolean value' },
    ]);
  });

  it('says that transactionType and feeType cannot change', async () => {
    const immutable = 'cannot be changed; delete the rule and create a new one';
    expect(await update({ transactionType: 'RAMP_OFF', feeType: 'FIXED', fixedFee: 1 })).toEqual([
      { field: 'transactionType', message: immutable },
      { field: 'feeType', message: immutable },
    ]);
  });
});

describe('ListFeeRulesQuery', () => {
  it('reads the enabled filter as a boolean', async () => {
    const query = await validated<ListFeeRulesQuery>(
      ListFeeRulesQuery,
      { transactionType: 'TRANSFER_OUT', enabled: 'false' },
      'query',
    );
    expect(query).toEqual({ transactionType: 'TRANSFER_OUT', enabled: false });
  });

  it('refuses bad filter values and unknown filters', async () => {
    const errors = await fieldErrors(
      ListFeeRulesQuery,
      { transactionType: 'INCOMING', enabled: 'yes', limit: '10' },
      'query',
    );
    expect(errors.map((error) => error.field).sort()).toEqual(['enabled', 'limit', 'transactionType']);
  });
});
