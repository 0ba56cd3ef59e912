import {
  ApiClient,
  balanceOf,
  e2eStack,
  eventually,
  fund,
  FundedCustomer,
  newCustomer,
  newPlatformClients,
  settled,
  usBankAccount,
} from '@payments/testing';

describe("the platform's TRANSFER_IN and TRANSFER_OUT fee rules", () => {
  const api = new ApiClient(`${e2eStack().gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;
  let customer: FundedCustomer;
  let bank: string;

  /** Creates a rule, which must be accepted, and answers it. */
  const createRule = async (rule: Record<string, unknown>) => {
    const response = await sandbox.post('/fee-rules', rule);
    expect(response.status).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    ({ sandbox } = newPlatformClients(api));
    customer = await newCustomer(sandbox, 'fees');
    bank = await usBankAccount(sandbox, customer.customerId);
    await fund(sandbox, customer.internalAccountId, 100_000);
  });

  it('charges nothing without a rule', async () => {
    const response = await sandbox.post('/transfer-out', {
      source: { accountId: customer.internalAccountId },
      destination: { accountId: bank },
      amount: 1_000,
    });
    expect(response.body).toMatchObject({ sentAmount: { amount: 1_000 }, receivedAmount: { amount: 1_000 } });
    expect(response.body.rateDetails).toMatchObject({ platformFixedFee: 0, platformVariableFeeAmount: 0 });
  });

  it('takes a transfer-out fee on top of the amount and shows it in rateDetails', async () => {
    await createRule({ transactionType: 'TRANSFER_OUT', feeType: 'FIXED', fixedFee: 25 });
    const before = await balanceOf(sandbox, customer.customerId);
    const response = await sandbox.post('/transfer-out', {
      source: { accountId: customer.internalAccountId },
      destination: { accountId: bank },
      amount: 1_000,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      sentAmount: { amount: 1_025 },
      receivedAmount: { amount: 1_000 },
      rateDetails: { platformFixedFee: 25, platformVariableFeeRate: 0, platformVariableFeeAmount: 0 },
    });
    expect(await balanceOf(sandbox, customer.customerId)).toBe(before - 1_025);
    expect((await settled(sandbox, response.body.id)).status).toBe('COMPLETED');
  });

  it('credits a transfer-in less its fee', async () => {
    await sandbox.post('/fee-rules', {
      transactionType: 'TRANSFER_IN',
      feeType: 'PERCENTAGE',
      variableFeeRate: 0.01,
    });
    const before = await balanceOf(sandbox, customer.customerId);
    const response = await sandbox.post('/transfer-in', {
      source: { accountId: bank },
      destination: { accountId: customer.internalAccountId },
      amount: 10_050,
    });
    expect(response.status).toBe(201);
    // 1% of 100.50 is 1.005, rounded half up to 101 cents.
    expect(response.body).toMatchObject({
      sentAmount: { amount: 10_050 },
      receivedAmount: { amount: 9_949 },
      rateDetails: { platformVariableFeeRate: 0.01, platformVariableFeeAmount: 101 },
    });
    expect((await settled(sandbox, response.body.id)).status).toBe('COMPLETED');
    await eventually(async () =>
      (await balanceOf(sandbox, customer.customerId)) === before + 9_949 ? true : undefined,
    );
  });

  it('refuses a transfer-in its fee would swallow', async () => {
    const [rule] = (await sandbox.get('/fee-rules?transactionType=TRANSFER_IN')).body.data;
    expect((await sandbox.delete(`/fee-rules/${rule.id}`)).status).toBe(204);
    await sandbox.post('/fee-rules', { transactionType: 'TRANSFER_IN', feeType: 'FIXED', fixedFee: 100 });
    const response = await sandbox.post('/transfer-in', {
      source: { accountId: bank },
      destination: { accountId: customer.internalAccountId },
      amount: 50,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('AMOUNT_OUT_OF_RANGE');
  });

  it('charges by a rule as changed the moment its change is answered', async () => {
    const transferOut = async () =>
      (
        await sandbox.post('/transfer-out', {
          source: { accountId: customer.internalAccountId },
          destination: { accountId: bank },
          amount: 1_000,
        })
      ).body.sentAmount.amount;
    const [rule] = (await sandbox.get('/fee-rules?transactionType=TRANSFER_OUT')).body.data;
    expect(await transferOut()).toBe(1_025);

    expect((await sandbox.patch(`/fee-rules/${rule.id}`, { fixedFee: 40 })).status).toBe(200);
    expect(await transferOut()).toBe(1_040);
    expect((await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: false })).status).toBe(200);
    expect(await transferOut()).toBe(1_000);
    expect((await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: true })).status).toBe(200);
    expect(await transferOut()).toBe(1_040);
    expect((await sandbox.delete(`/fee-rules/${rule.id}`)).status).toBe(204);
    expect(await transferOut()).toBe(1_000);
  });

  it('prices concurrent transfers each by its own amount', async () => {
    const rule = await createRule({
      transactionType: 'TRANSFER_OUT',
      feeType: 'PERCENTAGE',
      variableFeeRate: 0.1,
    });
    const amounts = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000];
    const responses = await Promise.all(
      amounts.map((amount) =>
        sandbox.post('/transfer-out', {
          source: { accountId: customer.internalAccountId },
          destination: { accountId: bank },
          amount,
        }),
      ),
    );
    expect(responses.map((response) => response.body.sentAmount?.amount)).toEqual(
      amounts.map((amount) => amount + amount / 10),
    );
    expect((await sandbox.delete(`/fee-rules/${rule.id}`)).status).toBe(204);
  });
});
