import { ApiClient } from '@payments/testing';
import {
  feeRulesE2e,
  fieldsOf,
  FIXED_TRANSFER_IN,
  HYBRID_PAYOUT,
  idsOf,
  PERCENTAGE_RAMP_ON,
} from '@quoting/fee-rules/__tests__/fee-rules-e2e-kit';

describe('fee rules: listing', () => {
  const feeRules = feeRulesE2e();
  const { create } = feeRules;
  let sandbox: ApiClient;
  beforeAll(() => void ({ sandbox } = feeRules));

  it('lists every rule, disabled ones included, newest first, with filters', async () => {
    const fixed = await create(FIXED_TRANSFER_IN);
    const percentage = await create({ ...PERCENTAGE_RAMP_ON, enabled: false });
    const hybrid = await create(HYBRID_PAYOUT);

    const all = await sandbox.get('/fee-rules');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['data']);
    expect(all.body.data).toEqual([hybrid, percentage, fixed]);

    expect(idsOf((await sandbox.get('/fee-rules?transactionType=RAMP_ON')).body)).toEqual([percentage.id]);
    expect(idsOf((await sandbox.get('/fee-rules?enabled=true')).body)).toEqual([hybrid.id, fixed.id]);
    expect(idsOf((await sandbox.get('/fee-rules?enabled=false')).body)).toEqual([percentage.id]);
    expect(idsOf((await sandbox.get('/fee-rules?transactionType=RAMP_ON&enabled=true')).body)).toEqual([]);
    expect((await sandbox.get('/fee-rules?transactionType=RAMP_OFF')).body).toEqual({ data: [] });
  });

  it.each([
    ['transactionType=INCOMING', ['transactionType']],
    ['enabled=yes', ['enabled']],
    ['enabled=', ['enabled']],
    ['transactionType=RAMP_ON&transactionType=RAMP_OFF', ['transactionType']],
    ['limit=10', ['limit']],
  ])('refuses the list filter %s with 400', async (query, fields) => {
    const response = await sandbox.get(`/fee-rules?${query}`);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(fieldsOf(response.body)).toEqual(fields);
  });
});
