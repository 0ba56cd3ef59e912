import { Environment, toApiId } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { ExternalAccount } from '@transfers/accounts/external-accounts.client';
import { LedgerAccount, LedgerClient } from '@transfers/accounts/ledger.client';
import {
  ApprovalRows,
  caller,
  fakeDatabase,
  transfersConfig,
} from '@transfers/incoming/__tests__/incoming-service-kit';
import { IncomingApprovalsStore } from '@transfers/incoming/incoming-approvals.store';
import { IncomingPayments, NewIncomingPayment } from '@transfers/incoming/incoming-payments.service';
import { IncomingRecipient, IncomingRecipientsClient } from '@transfers/incoming/incoming-recipients.client';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { SandboxRail } from '@transfers/rails/sandbox-rail';
import { PLATFORM, transactionRow } from '@transfers/transactions/__tests__/transaction-row';
import { TransactionRows } from '@transfers/transactions/__tests__/transaction-rows';
import { TransactionStore } from '@transfers/transactions/transaction.store';

const SENDER = '$sam@sandbox.grid.uma.money';
const SETTLEMENT_MS = 700;
const DELAYED_FAILURE_SECONDS = 40;
const APPROVAL_TIMEOUT_SECONDS = 30;

/** The customer of the stored-row fixture, and its USD internal account. */
const { customerId: CUSTOMER, platformCustomerId, sourceAccountId } = transactionRow();
const INTERNAL: LedgerAccount = {
  id: sourceAccountId!,
  customerId: CUSTOMER,
  platformCustomerId,
  currency: 'USD',
};
const RECIPIENT: IncomingRecipient = {
  customerId: CUSTOMER!,
  platformCustomerId: platformCustomerId!,
  umaAddress: '$ada@example.com',
  minAmount: 100,
  maxAmount: 1_000_000,
  requiredCounterpartyFields: [
    { name: 'FULL_NAME', mandatory: true },
    { name: 'NATIONALITY', mandatory: false },
  ],
  providerCounterpartyFields: ['FULL_NAME', 'BIRTH_DATE'],
  defaultUmaDepositAccount: null,
};
/** A default UMA deposit account whose number ends in `ending`, which picks the sandbox rail's answer. */
const depositAccount = (ending: string): ExternalAccount => ({
  id: 'ExternalAccount:22222222-2222-4222-8222-222222222222',
  status: 'ACTIVE',
  currency: 'USD',
  customerId: CUSTOMER,
  accountType: 'US_ACCOUNT',
  primaryIdentifier: `123456${ending}`,
  pullCapable: false,
});

/** 25.00 USD from the sandbox sender to CUSTOMER, the sender telling `sender's <field>` of each field asked. */
const payment = (changes: Partial<NewIncomingPayment> = {}): NewIncomingPayment => ({
  id: randomUUID(),
  senderUmaAddress: SENDER,
  recipient: { customerId: CUSTOMER! },
  currency: 'USD',
  amount: 2_500,
  counterpartyInformation: (fields) =>
    Object.fromEntries(fields.map((field) => [field, `sender's ${field}`])),
  ...changes,
});

describe('IncomingPayments', () => {
  const recipients = { find: jest.fn() };
  const ledger = { customerAccount: jest.fn() };
  const rails = { holdUntilApproved: jest.fn() };
  let transactions: TransactionRows;
  let approvals: ApprovalRows;
  let database: ReturnType<typeof fakeDatabase>;
  let incoming: IncomingPayments;

  beforeEach(() => {
    jest.resetAllMocks();
    recipients.find.mockResolvedValue(RECIPIENT);
    ledger.customerAccount.mockResolvedValue(INTERNAL);
    transactions = new TransactionRows();
    approvals = new ApprovalRows();
    database = fakeDatabase();
    incoming = new IncomingPayments(
      database.dataSource,
      transactions as unknown as TransactionStore,
      rails as unknown as RailAttemptsStore,
      approvals as unknown as IncomingApprovalsStore,
      recipients as unknown as IncomingRecipientsClient,
      ledger as unknown as LedgerClient,
      new SandboxRail(
        transfersConfig({
          SANDBOX_SETTLEMENT_MS: SETTLEMENT_MS,
          SANDBOX_DELAYED_FAILURE_SECONDS: DELAYED_FAILURE_SECONDS,
        }),
      ),
      transfersConfig({ APPROVAL_TIMEOUT_SECONDS }),
    );
  });

  it("opens an INCOMING payment from the UMA sender to the customer's internal account, PENDING", async () => {
    const opened = payment();
    const answer = await incoming.open(caller, opened);

    expect(answer).toMatchObject({
      id: toApiId('Transaction', opened.id),
      status: 'PENDING',
      type: 'INCOMING',
      source: { sourceType: 'UMA_ADDRESS', umaAddress: SENDER, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: INTERNAL.id, currency: 'USD' },
      customerId: CUSTOMER,
      platformCustomerId,
      sentAmount: { amount: 2_500 },
      receivedAmount: { amount: 2_500 },
      reconciliationInstructions: { reference: expect.stringMatching(/^TR-[0-9A-F]{16}$/) },
    });
    expect(transactions.row(opened.id)).toMatchObject({
      platformId: PLATFORM,
      environment: caller.environment,
      sourceAccountId: null,
      fundingAccountId: null,
    });
    expect(ledger.customerAccount).toHaveBeenCalledWith(caller, CUSTOMER, 'USD');
  });

  it('asks the sender what the platform requires of counterparties in the currency, optional fields too', async () => {
    const answer = await incoming.open(caller, payment());
    expect(answer.counterpartyInformation).toEqual({
      FULL_NAME: "sender's FULL_NAME",
      NATIONALITY: "sender's NATIONALITY",
    });
  });

  it("carries the approval request on its move to PENDING: the provider's counterparty fields, all mandatory", async () => {
    const opened = payment();
    await incoming.open(caller, opened);

    const requested = [
      { name: 'FULL_NAME', mandatory: true },
      { name: 'BIRTH_DATE', mandatory: true },
    ];
    expect(transactions.applied).toEqual([
      {
        id: opened.id,
        from: 'CREATED',
        to: 'PENDING',
        reason: "Awaiting the platform's approval",
        requestId: 'req-1',
        approval: { requestedReceiverCustomerInfoFields: requested },
      },
    ]);
    // The delivery of the webhook and the platform's answer each get a window.
    expect(approvals.row(opened.id)).toEqual({
      status: 'WAITING',
      requestedFields: requested,
      deadlineInSeconds: 2 * APPROVAL_TIMEOUT_SECONDS,
    });
    expect(rails.holdUntilApproved).toHaveBeenCalledWith(database.manager, [opened.id]);
    expect(database.transaction).toHaveBeenCalledTimes(1);
  });

  it('credits the internal account as soon as the payment is approved', async () => {
    const opened = payment();
    await incoming.open(caller, opened);
    expect(transactions.rails.get(opened.id)).toEqual({ answer: 'SETTLE', delayMs: 0, firstLookInMs: 0 });
  });

  it('credits a payment from a platform of this deployment only once its sender has reserved the money', async () => {
    const fromThisDeployment = payment({ awaitsSenderFunding: true });
    await incoming.open(caller, fromThisDeployment);
    expect(transactions.rails.get(fromThisDeployment.id)).toMatchObject({
      answer: 'SETTLE',
      awaitsFunding: true,
    });

    recipients.find.mockResolvedValue({ ...RECIPIENT, defaultUmaDepositAccount: depositAccount('001') });
    const forwarded = payment({ awaitsSenderFunding: true });
    await incoming.open(caller, forwarded);
    expect(transactions.rails.get(forwarded.id)).toMatchObject({
      delayMs: SETTLEMENT_MS,
      awaitsFunding: true,
    });
  });

  it("sends the payment on to the customer's default UMA deposit account, through its internal account", async () => {
    recipients.find.mockResolvedValue({ ...RECIPIENT, defaultUmaDepositAccount: depositAccount('001') });
    const opened = payment();

    const answer = await incoming.open(caller, opened);

    expect(answer.destination).toMatchObject({ accountId: depositAccount('001').id });
    expect(transactions.row(opened.id)?.fundingAccountId).toBe(INTERNAL.id);
  });

  it.each([
    ['002', { answer: 'SETTLE', delayMs: SETTLEMENT_MS }],
    ['003', { answer: 'FAIL', failureDetail: 'Account closed or invalid', delayMs: SETTLEMENT_MS }],
    ['004', { answer: 'REJECT', failureDetail: 'Transfer rejected by the bank', delayMs: SETTLEMENT_MS }],
    [
      '005',
      {
        answer: 'FAIL',
        failureDetail: 'Timed out waiting for the bank',
        delayMs: DELAYED_FAILURE_SECONDS * 1000,
      },
    ],
  ])('forwards to a sandbox deposit account ending %s as the rail pushes to it', async (ending, rail) => {
    recipients.find.mockResolvedValue({ ...RECIPIENT, defaultUmaDepositAccount: depositAccount(ending) });
    const opened = payment();
    await incoming.open(caller, opened);
    expect(transactions.rails.get(opened.id)).toEqual({ ...rail, firstLookInMs: 0 });
  });

  it('forwards in production without the sandbox patterns: every movement settles', async () => {
    recipients.find.mockResolvedValue({ ...RECIPIENT, defaultUmaDepositAccount: depositAccount('004') });
    const opened = payment();
    await incoming.open({ ...caller, environment: Environment.Production }, opened);
    expect(transactions.rails.get(opened.id)).toEqual({
      answer: 'SETTLE',
      delayMs: SETTLEMENT_MS,
      firstLookInMs: 0,
    });
  });

  it('looks the recipient up as the sender named it, in the currency paid', async () => {
    await incoming.open(
      caller,
      payment({ recipient: { receiverUmaAddress: '$ada@example.com' }, currency: 'EUR' }),
    );
    expect(recipients.find).toHaveBeenCalledWith(caller, { receiverUmaAddress: '$ada@example.com' }, 'EUR');
  });

  it("accepts amounts within the recipient's limits, bounds included, and refuses others before any write", async () => {
    for (const amount of [RECIPIENT.minAmount, RECIPIENT.maxAmount]) {
      expect(await incoming.open(caller, payment({ amount }))).toMatchObject({ status: 'PENDING' });
    }
    ledger.customerAccount.mockClear();
    database.transaction.mockClear();

    for (const amount of [RECIPIENT.minAmount - 1, RECIPIENT.maxAmount + 1]) {
      await expect(incoming.open(caller, payment({ amount }))).rejects.toMatchObject({
        code: 'AMOUNT_OUT_OF_RANGE',
        message: 'receivingCurrencyAmount must be between 100 and 1000000 USD',
      });
    }
    expect(ledger.customerAccount).not.toHaveBeenCalled();
    expect(database.transaction).not.toHaveBeenCalled();
  });

  it("passes on the refusals of the customer's lookup and of the ledger, writing nothing", async () => {
    recipients.find.mockRejectedValueOnce(new ApiException('USER_NOT_FOUND', 'No such customer'));
    await expect(incoming.open(caller, payment())).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });

    ledger.customerAccount.mockRejectedValueOnce(new ApiException('ACCOUNT_NOT_FOUND', 'No USD account yet'));
    await expect(incoming.open(caller, payment())).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });

    expect(database.transaction).not.toHaveBeenCalled();
  });

  it('answers the same payment asked for again as it stands, opening nothing twice', async () => {
    const opened = payment();
    await incoming.open(caller, opened);
    // Approved meanwhile.
    await transactions.moveCommitted({
      id: opened.id,
      from: 'PENDING',
      to: 'PROCESSING',
      reason: 'Approved',
    });
    const insertApproval = jest.spyOn(approvals, 'insert');

    const again = await incoming.open(caller, opened);

    expect(again).toMatchObject({ id: toApiId('Transaction', opened.id), status: 'PROCESSING' });
    expect(transactions.applied.map((change) => change.to)).toEqual(['PENDING', 'PROCESSING']);
    expect(insertApproval).not.toHaveBeenCalled();
    expect(rails.holdUntilApproved).toHaveBeenCalledTimes(1);
  });
});
