import { Injectable } from '@nestjs/common';
import { uuidOf } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { QuoteTransferDto } from '@transfers/quote-transfers/quote-transfer.dto';
import { TransactionView } from '@transfers/transactions/transaction.view';
import { newReference, TransfersService } from '@transfers/transfers/transfers.service';

/**
 * Turns an executed quote into its OUTGOING transaction: the quote's amounts, rate and fees, the
 * reserve taken at once, the payout left to the rail. The quoting app has priced and checked the
 * quote; the accounts are read again here, since they may have changed since.
 */
@Injectable()
export class QuoteTransfersService {
  constructor(
    private readonly transfers: TransfersService,
    private readonly ledger: LedgerClient,
    private readonly externalAccounts: ExternalAccountsClient,
  ) {}

  async open(caller: Caller, body: QuoteTransferDto): Promise<TransactionView> {
    const id = uuidOf('Transaction', body.transactionId);
    const quoteId = uuidOf('Quote', body.quoteId);
    if (!id || !quoteId)
      throw ApiException.invalidInput([
        { field: 'transactionId', message: 'must be a transaction and quote id' },
      ]);
    const [reserving, destination] = await Promise.all([
      this.ledger.account(caller, body.reservingAccountId),
      this.externalAccounts.account(caller, body.destinationAccountId),
    ]);
    if (reserving.currency !== body.sendingCurrency || destination.currency !== body.receivingCurrency) {
      throw new ApiException(
        'INVALID_CURRENCY',
        'The accounts no longer hold the currencies the quote was priced in',
      );
    }
    if (destination.status !== 'ACTIVE') {
      throw new ApiException(
        'ACCOUNT_NOT_ACTIVE',
        `External account ${destination.id} is ${destination.status}, not ACTIVE`,
      );
    }
    const arrived = body.funding === 'ARRIVED';
    return this.transfers.sendOutgoing(
      caller,
      {
        id,
        ...scopeOf(caller),
        type: 'OUTGOING',
        sourceType: arrived ? 'REALTIME_FUNDING' : 'ACCOUNT',
        sourceAccountId: arrived ? null : reserving.id,
        sourceCurrency: body.sendingCurrency,
        destinationAccountId: destination.id,
        destinationCurrency: body.receivingCurrency,
        customerId: reserving.customerId,
        platformCustomerId: reserving.platformCustomerId,
        sentAmount: body.sentAmount,
        receivedAmount: body.receivedAmount,
        reference: newReference(),
        description: body.description,
        quote: {
          quoteId,
          exchangeRate: body.exchangeRate,
          rateDetails: body.rateDetails,
          platformFee: body.platformFee,
          serviceFee: body.serviceFee,
        },
        ...(arrived ? { fundingAccountId: reserving.id } : {}),
      },
      this.transfers.railOutcome(caller, 'PUSH', destination.primaryIdentifier),
      { depositFirst: arrived },
    );
  }
}
