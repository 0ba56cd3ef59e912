import { Injectable } from '@nestjs/common';
import { uuidOf } from '@payments/contracts';
import { accountNotActive, ApiException, Caller, scopeOf } from '@payments/http';
import { ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { QuoteTransferDto } from '@transfers/quote-transfers/quote-transfer.dto';
import { newReference } from '@transfers/transactions/transaction-insert';
import { NewTransaction } from '@transfers/transactions/transaction.store';
import { TransactionView } from '@transfers/transactions/transaction.view';
import { PayRequestAnswer, Rail } from '@transfers/rails/rail';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';
import { PendingOpener } from '@transfers/transfers/pending-opener';

/**
 * Turns an executed quote into its OUTGOING transaction: the quote's amounts, rate and fees, the
 * reserve taken at once, the payout left to the rail. The quoting app has priced and checked the
 * quote; the accounts are read again here, since they may have changed since.
 */
@Injectable()
export class QuoteTransfersService {
  constructor(
    private readonly rails: Rail,
    private readonly opener: PendingOpener,
    private readonly outgoing: OutgoingSender,
    private readonly ledger: LedgerClient,
    private readonly externalAccounts: ExternalAccountsClient,
  ) {}

  async open(caller: Caller, body: QuoteTransferDto): Promise<TransactionView> {
    const id = uuidOf('Transaction', body.transactionId);
    const quoteId = uuidOf('Quote', body.quoteId);
    if (!id || !quoteId) {
      throw ApiException.invalidInput([
        { field: 'transactionId', message: 'must be a transaction and quote id' },
      ]);
    }
    const [reserving, destination, pullSource] = await Promise.all([
      this.ledger.account(caller, body.reservingAccountId),
      body.destinationUmaAddress
        ? undefined
        : this.externalAccounts.account(caller, body.destinationAccountId!),
      body.funding === 'PULL' ? this.externalAccounts.account(caller, body.pullAccountId!) : undefined,
    ]);
    const receivingCurrency = destination?.currency ?? body.receivingCurrency;
    if (reserving.currency !== body.sendingCurrency || receivingCurrency !== body.receivingCurrency) {
      throw new ApiException(
        'INVALID_CURRENCY',
        'The accounts no longer hold the currencies the quote was priced in',
      );
    }
    for (const account of [destination, pullSource]) {
      if (account && account.status !== 'ACTIVE') {
        throw accountNotActive(account.id, account.status);
      }
    }
    if (pullSource && (!pullSource.pullCapable || pullSource.currency !== body.sendingCurrency)) {
      throw new ApiException(
        'TRANSFER_IN_NOT_SUPPORTED',
        `External account ${pullSource.id} cannot be pulled from in ${body.sendingCurrency}`,
      );
    }
    const transaction: NewTransaction = {
      id,
      ...scopeOf(caller),
      type: 'OUTGOING',
      sourceType: body.funding === 'ARRIVED' ? 'REALTIME_FUNDING' : 'ACCOUNT',
      sourceAccountId: body.funding === 'ARRIVED' ? null : (pullSource?.id ?? reserving.id),
      sourceCurrency: body.sendingCurrency,
      destinationAccountId: destination?.id ?? null,
      ...(body.destinationUmaAddress ? { destinationUmaAddress: body.destinationUmaAddress } : {}),
      ...(body.counterpartyInformation ? { counterpartyInformation: body.counterpartyInformation } : {}),
      destinationCurrency: body.receivingCurrency,
      customerId: reserving.customerId,
      platformCustomerId: reserving.platformCustomerId,
      sentAmount: body.sentAmount,
      receivedAmount: body.receivedAmount,
      reference: newReference(),
      description: body.description,
      pricing: {
        quoteId,
        exchangeRate: body.exchangeRate,
        rateDetails: body.rateDetails,
        platformFee: body.platformFee,
        serviceFee: body.serviceFee,
      },
      ...(body.funding === 'BALANCE' ? {} : { fundingAccountId: reserving.id }),
    };
    // A UMA receiver is paid as its pay request was answered; an account through the rail.
    const push = destination
      ? this.rails.outcomeOf(caller, 'PUSH', destination.primaryIdentifier)
      : this.rails.outcomeOfPayRequest(payRequestOf(body));
    if (pullSource) {
      // Nothing to reserve yet: the rail pulls first, and the settlement credits what it took.
      const rail = this.rails.outcomeOfPull(caller, pullSource.primaryIdentifier, push);
      return this.opener.open(caller, transaction, rail);
    }
    return this.outgoing.send(caller, transaction, push, { depositFirst: body.funding === 'ARRIVED' });
  }
}

/** The pay request's answer, with the receiver's payment named by its bare uuid. */
function payRequestOf(body: QuoteTransferDto): PayRequestAnswer {
  const { receiverTransactionId, ...answer } = body.payRequest!;
  if (receiverTransactionId === undefined) return answer;
  const id = uuidOf('Transaction', receiverTransactionId);
  if (!id) {
    throw ApiException.invalidInput([
      { field: 'payRequest.receiverTransactionId', message: 'must be a transaction id' },
    ]);
  }
  return { ...answer, receiverTransactionId: id };
}
