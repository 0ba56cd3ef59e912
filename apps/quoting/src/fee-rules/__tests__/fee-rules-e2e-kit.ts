import { ApiClient, e2ePlatform } from '@payments/testing';

export const HYBRID_PAYOUT = {
  transactionType: 'CROSS_BORDER_PAYOUT',
  feeType: 'HYBRID',
  fixedFee: 30,
  variableFeeRate: 0.0025,
};
export const FIXED_TRANSFER_IN = { transactionType: 'TRANSFER_IN', feeType: 'FIXED', fixedFee: 50 };
export const PERCENTAGE_RAMP_ON = {
  transactionType: 'RAMP_ON',
  feeType: 'PERCENTAGE',
  variableFeeRate: 0.123456,
};

export const fieldsOf = (body: { details: { errors: { field: string }[] } }) =>
  body.details.errors.map((error) => error.field).sort();
export const idsOf = (body: { data: { id: string }[] }) => body.data.map((rule) => rule.id);

/**
 * Call in a describe block: the e2e stack and, from its beforeAll, a new platform's clients; after
 * each test, the platform's rules are deleted.
 */
export function feeRulesE2e() {
  const kit = Object.assign(e2ePlatform(), {
    create: async (body: object, client?: ApiClient) => {
      const response = await (client ?? kit.sandbox).post('/fee-rules', body);
      expect(response.status).toBe(201);
      return response.body;
    },
  });

  // Every test starts without rules, so each may use any transaction type.
  afterEach(async () => {
    for (const client of [kit.sandbox, kit.production]) {
      for (const id of idsOf((await client.get('/fee-rules')).body)) {
        expect((await client.delete(`/fee-rules/${id}`)).status).toBe(204);
      }
    }
  });
  return kit;
}
