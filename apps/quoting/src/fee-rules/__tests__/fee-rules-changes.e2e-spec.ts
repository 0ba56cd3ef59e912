import { randomUUID } from 'node:crypto';
import { ApiClient } from '@payments/testing';
import {
  feeRulesE2e,
  fieldsOf,
  FIXED_TRANSFER_IN,
  HYBRID_PAYOUT,
  idsOf,
  PERCENTAGE_RAMP_ON,
} from '@quoting/fee-rules/__tests__/fee-rules-e2e-kit';

describe('fee rules: changes and deletion', () => {
  const feeRules = feeRulesE2e();
  const { create } = feeRules;
  let sandbox: ApiClient;
  beforeAll(() => void ({ sandbox } = feeRules));

  it('changes components and enabled with PATCH, moving updatedAt on', async () => {
    const rule = await create(HYBRID_PAYOUT);

    const changed = await sandbox.patch(`/fee-rules/${rule.id}`, { fixedFee: 45, variableFeeRate: 0.01 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      ...rule,
      fixedFee: 45,
      variableFeeRate: 0.01,
      updatedAt: expect.any(String),
    });
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThan(Date.parse(rule.updatedAt));

    const disabled = await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, fixedFee: 45, variableFeeRate: 0.01 });
    expect(Date.parse(disabled.body.updatedAt)).toBeGreaterThan(Date.parse(changed.body.updatedAt));
    expect(idsOf((await sandbox.get('/fee-rules?enabled=false')).body)).toEqual([rule.id]);

    const enabled = await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: true });
    expect(enabled.body.enabled).toBe(true);
    expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(enabled.body);
  });

  it.each([
    ['transactionType', { transactionType: 'RAMP_OFF' }, ['transactionType']],
    ['feeType', { feeType: 'FIXED', fixedFee: 10 }, ['feeType']],
    ['a rate on a FIXED rule', { variableFeeRate: 0.01 }, ['variableFeeRate']],
    ['fixedFee 10001', { fixedFee: 10_001 }, ['fixedFee']],
    ['a null fixedFee', { fixedFee: null }, ['fixedFee']],
    ['enabled as text', { enabled: 'false' }, ['enabled']],
    ['an unknown field', { id: 'FeeRule:x' }, ['id']],
  ])('refuses a PATCH of %s with 400 and changes nothing', async (_case, body, fields) => {
    const rule = await create(FIXED_TRANSFER_IN);

    const response = await sandbox.patch(`/fee-rules/${rule.id}`, body);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(fieldsOf(response.body)).toEqual(fields);
    expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
  });

  it('deletes a rule with 204, after which it is gone and its type free again', async () => {
    const rule = await create(FIXED_TRANSFER_IN);

    const deleted = await sandbox.delete(`/fee-rules/${rule.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();

    for (const response of [
      await sandbox.get(`/fee-rules/${rule.id}`),
      await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: false }),
      await sandbox.delete(`/fee-rules/${rule.id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 404, code: 'FEE_RULE_NOT_FOUND' });
    }
    expect((await sandbox.get('/fee-rules')).body).toEqual({ data: [] });
    expect((await create({ ...PERCENTAGE_RAMP_ON, transactionType: 'TRANSFER_IN' })).id).not.toBe(rule.id);
  });

  it.each([
    ['an unknown id', `FeeRule:${randomUUID()}`],
    ['a malformed id', 'FeeRule:not-a-uuid'],
    ['an id of another type', `Quote:${randomUUID()}`],
  ])('answers 404 FEE_RULE_NOT_FOUND for %s', async (_case, id) => {
    for (const response of [
      await sandbox.get(`/fee-rules/${id}`),
      await sandbox.patch(`/fee-rules/${id}`, { enabled: false }),
      await sandbox.delete(`/fee-rules/${id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 404, code: 'FEE_RULE_NOT_FOUND' });
    }
  });
});
