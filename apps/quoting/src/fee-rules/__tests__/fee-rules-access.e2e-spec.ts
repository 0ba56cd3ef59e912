import { ApiClient, bootstrapPlatform } from '@payments/testing';
import {
  feeRulesE2e,
  FIXED_TRANSFER_IN,
  HYBRID_PAYOUT,
  PERCENTAGE_RAMP_ON,
} from '@quoting/fee-rules/__tests__/fee-rules-e2e-kit';

describe('fee rules: who sees and changes them', () => {
  const feeRules = feeRulesE2e();
  const { api, create } = feeRules;
  let sandbox: ApiClient, production: ApiClient;
  beforeAll(() => void ({ sandbox, production } = feeRules));

  it('keeps production and sandbox rules apart', async () => {
    const inSandbox = await create(HYBRID_PAYOUT);
    const inProduction = await create({ ...HYBRID_PAYOUT, fixedFee: 99 }, production);

    expect((await sandbox.get('/fee-rules')).body.data).toEqual([inSandbox]);
    expect((await production.get('/fee-rules')).body.data).toEqual([inProduction]);
    for (const response of [
      await production.get(`/fee-rules/${inSandbox.id}`),
      await production.patch(`/fee-rules/${inSandbox.id}`, { enabled: false }),
      await production.delete(`/fee-rules/${inSandbox.id}`),
    ]) {
      expect(response.body.code).toBe('FEE_RULE_NOT_FOUND');
    }
    expect((await sandbox.get(`/fee-rules/${inSandbox.id}`)).body).toEqual(inSandbox);
  });

  it("hides another platform's rules", async () => {
    const rule = await create(HYBRID_PAYOUT);
    const stranger = api.withCredentials(bootstrapPlatform().sandbox);

    expect((await stranger.get('/fee-rules')).body).toEqual({ data: [] });
    for (const response of [
      await stranger.get(`/fee-rules/${rule.id}`),
      await stranger.patch(`/fee-rules/${rule.id}`, { fixedFee: 0 }),
      await stranger.delete(`/fee-rules/${rule.id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 404, code: 'FEE_RULE_NOT_FOUND' });
    }
    expect(await create(HYBRID_PAYOUT, stranger)).not.toEqual(rule);
    expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
  });

  it('lets a VIEW token read rules but not change them', async () => {
    const rule = await create(FIXED_TRANSFER_IN);
    const { body: token } = await sandbox.post('/tokens', { name: 'fee reader', permissions: ['VIEW'] });
    const viewer = api.withCredentials({ clientId: token.clientId, clientSecret: token.clientSecret });

    expect((await viewer.get('/fee-rules')).body).toEqual({ data: [rule] });
    expect((await viewer.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
    for (const response of [
      await viewer.post('/fee-rules', PERCENTAGE_RAMP_ON),
      await viewer.patch(`/fee-rules/${rule.id}`, { enabled: false }),
      await viewer.delete(`/fee-rules/${rule.id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await sandbox.get('/fee-rules')).body).toEqual({ data: [rule] });
  });
});
