import { ApiClient } from '@payments/testing';
import {
  feeRulesE2e,
  fieldsOf,
  FIXED_TRANSFER_IN,
  HYBRID_PAYOUT,
  PERCENTAGE_RAMP_ON,
} from '@quoting/fee-rules/__tests__/fee-rules-e2e-kit';

describe('fee rules: creation', () => {
  const feeRules = feeRulesE2e();
  const { create } = feeRules;
  let sandbox: ApiClient;
  beforeAll(() => void ({ sandbox } = feeRules));

  it('creates a rule of each fee type, enabled unless told otherwise', async () => {
    const fixed = await sandbox.post('/fee-rules', FIXED_TRANSFER_IN);
    expect(fixed.status).toBe(201);
    expect(fixed.body).toEqual({
      id: expect.stringMatching(/^FeeRule:[0-9a-f-]{36}$/),
      transactionType: 'TRANSFER_IN',
      feeType: 'FIXED',
      fixedFee: 50,
      enabled: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: fixed.body.createdAt,
    });

    const percentage = await create({ ...PERCENTAGE_RAMP_ON, enabled: false });
    expect(percentage).toMatchObject({ feeType: 'PERCENTAGE', variableFeeRate: 0.123456, enabled: false });
    expect(percentage).not.toHaveProperty('fixedFee');

    const hybrid = await create(HYBRID_PAYOUT);
    expect(hybrid).toMatchObject({ ...HYBRID_PAYOUT, enabled: true });

    for (const rule of [fixed.body, percentage, hybrid]) {
      expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
    }
  });

  it('takes the ends of both ranges', async () => {
    expect(
      await create({ transactionType: 'RAMP_OFF', feeType: 'HYBRID', fixedFee: 0, variableFeeRate: 0 }),
    ).toMatchObject({
      fixedFee: 0,
      variableFeeRate: 0,
    });
    expect(
      await create({
        transactionType: 'TRANSFER_OUT',
        feeType: 'HYBRID',
        fixedFee: 10_000,
        variableFeeRate: 0.2,
      }),
    ).toMatchObject({ fixedFee: 10_000, variableFeeRate: 0.2 });
  });

  it.each([
    ['a FIXED rule without fixedFee', { transactionType: 'TRANSFER_IN', feeType: 'FIXED' }, ['fixedFee']],
    [
      'a PERCENTAGE rule without variableFeeRate',
      { transactionType: 'RAMP_ON', feeType: 'PERCENTAGE' },
      ['variableFeeRate'],
    ],
    [
      'a HYBRID rule without components',
      { transactionType: 'RAMP_OFF', feeType: 'HYBRID' },
      ['fixedFee', 'variableFeeRate'],
    ],
    [
      'a HYBRID rule without variableFeeRate',
      { ...HYBRID_PAYOUT, variableFeeRate: undefined },
      ['variableFeeRate'],
    ],
    ['a rate on a FIXED rule', { ...FIXED_TRANSFER_IN, variableFeeRate: 0.01 }, ['variableFeeRate']],
    ['a fixed fee on a PERCENTAGE rule', { ...PERCENTAGE_RAMP_ON, fixedFee: 1 }, ['fixedFee']],
    ['fixedFee 10001', { ...FIXED_TRANSFER_IN, fixedFee: 10_001 }, ['fixedFee']],
    ['fixedFee -1', { ...FIXED_TRANSFER_IN, fixedFee: -1 }, ['fixedFee']],
    ['a fractional fixedFee', { ...FIXED_TRANSFER_IN, fixedFee: 12.5 }, ['fixedFee']],
    ['fixedFee as a string', { ...FIXED_TRANSFER_IN, fixedFee: '50' }, ['fixedFee']],
    ['variableFeeRate 0.2000001', { ...PERCENTAGE_RAMP_ON, variableFeeRate: 0.2000001 }, ['variableFeeRate']],
    ['variableFeeRate -0.01', { ...PERCENTAGE_RAMP_ON, variableFeeRate: -0.01 }, ['variableFeeRate']],
    ['seven decimal places', { ...PERCENTAGE_RAMP_ON, variableFeeRate: 0.0012345 }, ['variableFeeRate']],
    ['a null component', { ...FIXED_TRANSFER_IN, fixedFee: null }, ['fixedFee']],
    ['a null enabled', { ...FIXED_TRANSFER_IN, enabled: null }, ['enabled']],
    ['an unknown field', { ...FIXED_TRANSFER_IN, currency: 'USD' }, ['currency']],
    [
      'an unknown transaction type',
      { ...FIXED_TRANSFER_IN, transactionType: 'INCOMING' },
      ['transactionType'],
    ],
    ['an unknown fee type', { ...FIXED_TRANSFER_IN, feeType: 'TIERED' }, ['feeType']],
    [
      'everything at once',
      { transactionType: 'REFUND', feeType: 'TIERED', fixedFee: -1, variableFeeRate: 1, enabled: 'yes' },
      ['enabled', 'feeType', 'fixedFee', 'transactionType', 'variableFeeRate'],
    ],
  ])('refuses %s with 400, naming every bad field', async (_case, body, fields) => {
    const response = await sandbox.post('/fee-rules', body);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(fieldsOf(response.body)).toEqual(fields);
    expect((await sandbox.get('/fee-rules')).body).toEqual({ data: [] });
  });

  it('allows one rule per transaction type, even when created concurrently', async () => {
    const first = await create(HYBRID_PAYOUT);
    const second = await sandbox.post('/fee-rules', {
      ...FIXED_TRANSFER_IN,
      transactionType: 'CROSS_BORDER_PAYOUT',
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('FEE_RULE_EXISTS');

    const concurrent = await Promise.all(
      [1, 2, 3, 4].map(() => sandbox.post('/fee-rules', FIXED_TRANSFER_IN)),
    );
    expect(concurrent.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await sandbox.get('/fee-rules')).body.data).toHaveLength(2);
    expect((await sandbox.get(`/fee-rules/${first.id}`)).body).toEqual(first);
  });
});
