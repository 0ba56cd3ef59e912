import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Caller } from '@payments/http';
import { ExternalAccount, ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { QuoteTransferDto } from '@transfers/quote-transfers/quote-transfer.dto';
import { QuoteTransfersService } from '@transfers/quote-transfers/quote-transfers.service';
import { SandboxRail } from '@transfers/rails/sandbox-rail';
import { TransfersEnvironment } from '@transfers/transfers.environment';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';
import { PendingOpener } from '@transfers/transfers/pending-opener';

const QUOTE = '11111111-1111-4111-8111-111111111111';
const TRANSACTION = '22222222-2222-4222-8222-222222222222';
const RECEIVER_PAYMENT = '33333333-3333-4333-8333-333333333333';
const sandbox: Caller = {
  platformId: 'Platform:00000000-0000-4000-8000-0000000000aa',
  environment: Environment.Sandbox,
};
const reserving = {
  id: 'InternalAccount:1',
  customerId: 'Customer:1',
  platformCustomerId: 'c-1',
  currency: 'USD',
};
const destination: ExternalAccount = {
  id: 'ExternalAccount:1',
  status: 'ACTIVE',
  currency: 'EUR',
  customerId: 'Customer:1',
  accountType: 'IBAN',
  primaryIdentifier: 'DE89370400440532013000',
  pullCapable: false,
};
const pullSource: ExternalAccount = {
  ...destination,
  id: 'ExternalAccount:2',
  currency: 'USD',
  accountType: 'US_ACCOUNT',
  primaryIdentifier: '000000002',
  pullCapable: true,
};
const OPENED = { id: `Transaction:${TRANSACTION}` };

function body(changes: Partial<QuoteTransferDto> = {}): QuoteTransferDto {
  return {
    quoteId: `Quote:${QUOTE}`,
    transactionId: `Transaction:${TRANSACTION}`,
    funding: 'BALANCE',
    reservingAccountId: reserving.id,
    sendingCurrency: 'USD',
    destinationAccountId: destination.id,
    receivingCurrency: 'EUR',
    sentAmount: 10_000,
    receivedAmount: 9_100,
    platformFee: 50,
    serviceFee: 20,
    exchangeRate: '1.09',
    rateDetails: {} as QuoteTransferDto['rateDetails'],
    ...changes,
  };
}

describe('QuoteTransfersService', () => {
  const outgoing = { send: jest.fn() };
  const opener = { open: jest.fn() };
  const ledger = { account: jest.fn() };
  const externalAccounts = { account: jest.fn() };
  const rails = new SandboxRail({
    get: (name: string) => (name === 'SANDBOX_SETTLEMENT_MS' ? 1_000 : 30),
  } as unknown as ConfigService<TransfersEnvironment, true>);
  const service = new QuoteTransfersService(
    rails,
    opener as unknown as PendingOpener,
    outgoing as unknown as OutgoingSender,
    ledger as unknown as LedgerClient,
    externalAccounts as unknown as ExternalAccountsClient,
  );

  beforeEach(() => {
    jest.resetAllMocks();
    ledger.account.mockResolvedValue(reserving);
    externalAccounts.account.mockImplementation(async (_caller, id: string) =>
      id === pullSource.id ? pullSource : destination,
    );
    outgoing.send.mockResolvedValue(OPENED);
    opener.open.mockResolvedValue(OPENED);
  });

  it("reserves a balance-funded quote's amount and sends it to the destination with the quote's pricing", async () => {
    expect(await service.open(sandbox, body())).toBe(OPENED);
    const [, transaction, rail, options] = outgoing.send.mock.calls[0];
    expect(transaction).toMatchObject({
      id: TRANSACTION,
      type: 'OUTGOING',
      sourceType: 'ACCOUNT',
      sourceAccountId: reserving.id,
      destinationAccountId: destination.id,
      sentAmount: 10_000,
      receivedAmount: 9_100,
      pricing: { quoteId: QUOTE, exchangeRate: '1.09', platformFee: 50, serviceFee: 20 },
    });
    expect(transaction).not.toHaveProperty('fundingAccountId');
    expect(rail).toEqual({ answer: 'SETTLE', delayMs: 1_000 });
    expect(options).toEqual({ depositFirst: false });
  });

  it('credits just-in-time funds before reserving them', async () => {
    await service.open(sandbox, body({ funding: 'ARRIVED' }));
    const [, transaction, , options] = outgoing.send.mock.calls[0];
    expect(transaction).toMatchObject({ sourceType: 'REALTIME_FUNDING', sourceAccountId: null });
    expect(transaction.fundingAccountId).toBe(reserving.id);
    expect(options).toEqual({ depositFirst: true });
  });

  it('opens a pull-funded payout PENDING at once, the pull first on the rail', async () => {
    await service.open(sandbox, body({ funding: 'PULL', pullAccountId: pullSource.id }));
    expect(outgoing.send).not.toHaveBeenCalled();
    const [, transaction, rail] = opener.open.mock.calls[0];
    expect(transaction.sourceAccountId).toBe(pullSource.id);
    // The pull source ends in 002: an ACH pull without funds fails its pull leg in the sandbox.
    expect(rail).toMatchObject({ answer: 'FAIL', failedLeg: 'PULL' });
  });

  it('pays a UMA receiver on this deployment as its payment ends, naming that payment', async () => {
    await service.open(
      sandbox,
      body({
        destinationAccountId: undefined,
        destinationUmaAddress: '$bob@other.uma.local',
        payRequest: { accepted: true, receiverTransactionId: `Transaction:${RECEIVER_PAYMENT}` },
      }),
    );
    const [, transaction, rail] = outgoing.send.mock.calls[0];
    expect(transaction).toMatchObject({
      destinationAccountId: null,
      destinationUmaAddress: '$bob@other.uma.local',
    });
    expect(rail).toEqual({ answer: 'SETTLE', delayMs: 1_000, awaitsTransactionId: RECEIVER_PAYMENT });
  });

  it('fails a payment whose pay request was refused, with PAY_REQUEST_FAILED', async () => {
    await service.open(
      sandbox,
      body({
        destinationAccountId: undefined,
        destinationUmaAddress: '$bob@other.uma.local',
        payRequest: { accepted: false, detail: 'no such user' },
      }),
    );
    expect(outgoing.send.mock.calls[0][2]).toMatchObject({
      answer: 'FAIL',
      failureReason: 'PAY_REQUEST_FAILED',
      failureDetail: 'no such user',
    });
  });

  it.each([
    ['the transaction id is not one', { transactionId: 'Quote:1' }, 'INVALID_INPUT'],
    [
      'the receiver payment is not a transaction id',
      {
        destinationAccountId: undefined,
        destinationUmaAddress: '$bob@other.uma.local',
        payRequest: { accepted: true, receiverTransactionId: 'Customer:1' },
      },
      'INVALID_INPUT',
    ],
    ['the accounts hold other currencies now', { sendingCurrency: 'EUR' }, 'INVALID_CURRENCY'],
  ])('refuses the quote when %s, sending nothing', async (_, changes, code) => {
    await expect(service.open(sandbox, body(changes as Partial<QuoteTransferDto>))).rejects.toMatchObject({
      code,
    });
    expect(outgoing.send).not.toHaveBeenCalled();
    expect(opener.open).not.toHaveBeenCalled();
  });

  it('refuses a destination that is no longer active', async () => {
    externalAccounts.account.mockResolvedValue({ ...destination, status: 'INACTIVE' });
    await expect(service.open(sandbox, body())).rejects.toMatchObject({ code: 'ACCOUNT_NOT_ACTIVE' });
  });

  it('refuses a pull source that cannot be pulled from', async () => {
    externalAccounts.account.mockImplementation(async (_caller, id: string) =>
      id === pullSource.id ? { ...pullSource, pullCapable: false } : destination,
    );
    await expect(
      service.open(sandbox, body({ funding: 'PULL', pullAccountId: pullSource.id })),
    ).rejects.toMatchObject({ code: 'TRANSFER_IN_NOT_SUPPORTED' });
  });
});
