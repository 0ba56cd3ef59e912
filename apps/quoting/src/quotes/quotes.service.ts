import { Injectable, Logger } from '@nestjs/common';
import { Environment, uuidOf } from '@payments/contracts';
import { ApiException, Caller, callerOf, effectIdOf, scopeOf } from '@payments/http';
import { CustomerReadinessClient } from '@payments/runtime';
import { randomBytes, randomUUID } from 'node:crypto';
import { Counter } from 'prom-client';
import { AccountDirectory, QuoteAccount } from '@quoting/accounts/account-directory';
import { QuoteTransfersClient, TransactionView } from '@quoting/execution/quote-transfers.client';
import { Pricer } from '@quoting/pricing/pricer';
import { UmaQuoteDestinations } from '@quoting/receivers/uma-quote-destinations';
import { CreateQuoteDto } from '@quoting/quotes/dto/create-quote.dto';
import { SandboxSendDto } from '@quoting/quotes/dto/sandbox-send.dto';
import { quoteAlreadyExecuted, quoteExpired } from '@quoting/quotes/execution-refusals';
import { paymentInstructionsFor } from '@quoting/quotes/payment-instructions';
import { Quote } from '@quoting/quotes/quote.entity';
import { QuoteEnds, QuoteEndsResolver } from '@quoting/quotes/quote-ends.resolver';
import { NewQuote, QuoteStore } from '@quoting/quotes/quote.store';
import { presentQuote, QuoteView } from '@quoting/quotes/quote.view';

export const quoteTransitions = new Counter({
  name: 'quoting_quote_transitions_total',
  help: 'Quote status changes, by the status reached',
  labelNames: ['status'] as const,
});

/**
 * Quotes: priced at creation with exact arithmetic, held for QUOTE_TTL_SECONDS, executed into one
 * transaction by the transfers app. The quote's status follows its transaction through the
 * transaction events (see QuoteProgressConsumer); everything before that happens here.
 */
@Injectable()
export class QuotesService {
  private readonly logger = new Logger(QuotesService.name);

  constructor(
    private readonly store: QuoteStore,
    private readonly accounts: AccountDirectory,
    private readonly ends: QuoteEndsResolver,
    private readonly pricer: Pricer,
    private readonly transfers: QuoteTransfersClient,
    private readonly umaDestinations: UmaQuoteDestinations,
    private readonly readiness: CustomerReadinessClient,
  ) {}

  async create(caller: Caller, body: CreateQuoteDto): Promise<QuoteView> {
    const scope = scopeOf(caller);
    const id = effectIdOf(caller, 'quote');
    // A retry of a keyed request answers the quote it made, without pricing it again.
    const existing = caller.idempotencyKey ? await this.store.find(scope, id) : undefined;
    if (existing) {
      const unexecuted = body.immediatelyExecute && existing.status === 'PENDING';
      return presentQuote(unexecuted ? await this.executeClaimed(caller, existing) : existing);
    }
    const ends = await this.ends.resolve(caller, body);
    if (body.immediatelyExecute && ends.sourceType !== 'ACCOUNT') {
      throw ApiException.invalidInput([
        {
          field: 'immediatelyExecute',
          message:
            'needs an internal-account source; a REALTIME_FUNDING quote executes when its funds arrive',
        },
      ]);
    }
    const priced = await this.pricer.price(scope, {
      sendingCurrency: ends.sendingCurrency,
      receivingCurrency: ends.receivingCurrency,
      lockedSide: body.lockedCurrencySide,
      lockedAmount: BigInt(body.lockedCurrencyAmount),
    });
    await this.ends.assertWithinLimits(scope, ends, priced);
    if (ends.sendingCustomerId) {
      await this.readiness.assertReady(caller, ends.sendingCustomerId, [
        ends.sendingCurrency,
        ends.receivingCurrency,
      ]);
    }
    const destination = ends.uma
      ? undefined
      : (ends.destination ?? (await this.createDestination(caller, body, ends)));
    if (destination) this.assertSameOwner(ends.sendingCustomerId, destination);

    const realtime = ends.sourceType === 'REALTIME_FUNDING';
    const reference = realtime ? `QT-${randomBytes(6).toString('hex').toUpperCase()}` : null;
    const quote: NewQuote = {
      id,
      ...scope,
      sourceType: ends.sourceType,
      sourceAccountId: ends.source?.id ?? null,
      sendingCustomerId: ends.sendingCustomerId,
      sendingCurrency: ends.sendingCurrency,
      destinationAccountId: destination?.id ?? null,
      receivingCurrency: ends.receivingCurrency,
      sendingUmaAddress: null,
      receivingUmaAddress: ends.uma?.umaAddress ?? null,
      lockedSide: body.lockedCurrencySide,
      totalSendingAmount: priced.totalSendingAmount.toString(),
      totalReceivingAmount: priced.totalReceivingAmount.toString(),
      feesIncluded: priced.feesIncluded.toString(),
      platformFee: (priced.platform.fixed + priced.platform.variable).toString(),
      serviceFee: (priced.service.fixed + priced.service.variable).toString(),
      exchangeRate: priced.exchangeRate,
      rateDetails: priced.rateDetails,
      // Money from outside (a just-in-time payment, an ACH pull) passes through an internal account.
      fundingAccountId:
        realtime || ends.source?.kind === 'EXTERNAL'
          ? await this.accounts.fundingAccount(caller, ends.sendingCustomerId, ends.sendingCurrency)
          : null,
      paymentInstructions: realtime ? paymentInstructionsFor(ends.sendingCurrency, reference!, priced) : null,
      reference,
      transactionId: randomUUID(),
      description: body.description ?? null,
      lookupId: ends.uma?.lookupId ?? null,
      senderCustomerInfo: ends.uma?.senderCustomerInfo ?? null,
      counterpartyInformation: ends.uma?.counterpartyInformation ?? null,
    };
    const created = await this.store.insert(quote);
    quoteTransitions.inc({ status: 'PENDING' });
    this.logger.log({ quoteId: created.id, requestId: caller.requestId }, 'quote created');
    if (body.immediatelyExecute) return presentQuote(await this.executeClaimed(caller, created));
    return presentQuote(created);
  }

  async get(caller: Caller, quoteId: string): Promise<QuoteView> {
    return presentQuote(await this.find(caller, quoteId));
  }

  /** PENDING → PROCESSING and the transaction made, its reserve taken; 409 for an expired or non-pending quote. */
  async execute(caller: Caller, quoteId: string): Promise<QuoteView> {
    const quote = await this.find(caller, quoteId);
    if (quote.sourceType === 'REALTIME_FUNDING') {
      throw new ApiException(
        'QUOTE_NOT_PENDING',
        'A REALTIME_FUNDING quote executes when its funds arrive through its paymentInstructions',
      );
    }
    return presentQuote(await this.executeClaimed(caller, quote));
  }

  /** Sandbox: the platform's payment for a just-in-time quote arrives (docs/api.md#sandbox, POST /sandbox/send). */
  async receiveFunds(caller: Caller, body: SandboxSendDto): Promise<TransactionView> {
    if (caller.environment !== Environment.Sandbox) {
      throw new ApiException(
        'FORBIDDEN',
        'Sandbox helpers are not available with production credentials: call them with the sandbox client id and secret',
      );
    }
    const quote = body.quoteId
      ? await this.find(caller, body.quoteId)
      : await this.store.findByReference(scopeOf(caller), body.reference!);
    if (!quote)
      throw new ApiException(
        'REFERENCE_NOT_FOUND',
        `No quote of this platform and environment has the reference ${body.reference}: use the quote's reconciliationInstructions.reference, or send quoteId instead`,
      );
    if (quote.sourceType !== 'REALTIME_FUNDING') {
      throw ApiException.invalidInput([{ field: 'quoteId', message: 'is not a REALTIME_FUNDING quote' }]);
    }
    if (body.currencyCode !== quote.sendingCurrency) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `The quote is funded in ${quote.sendingCurrency}, not ${body.currencyCode}: send currencyCode ${quote.sendingCurrency}`,
      );
    }
    if (body.currencyAmount !== undefined && String(body.currencyAmount) !== quote.totalSendingAmount) {
      throw new ApiException(
        'INVALID_AMOUNT',
        `The quote needs exactly ${quote.totalSendingAmount} to be funded: send that currencyAmount, or omit it`,
        {
          expected: Number(quote.totalSendingAmount),
        },
      );
    }
    // A retry of the payment that executed the quote asks for its transaction again, idempotently.
    return this.openTransaction(caller, (await this.claim(caller, quote)).quote);
  }

  /**
   * Runs again an execution whose transaction was never confirmed; creating it is idempotent. A
   * refusal (the balance is short, the account closed) means nothing was made: the quote is PENDING
   * again, as after a refused request.
   */
  async recover(quote: Quote): Promise<void> {
    try {
      await this.openTransaction(callerOf(quote), quote);
    } catch (error) {
      if (!ApiException.isRefusal(error)) throw error;
      this.logger.warn(
        { quoteId: quote.id, code: error.code },
        'quote execution refused on recovery; quote PENDING again',
      );
      return;
    }
    await this.store.confirmTransaction(quote.id);
  }

  /** Executes the quote; a retry of the request that executed it is answered with the quote as it stands. */
  private async executeClaimed(caller: Caller, quote: Quote): Promise<Quote> {
    const { quote: claimed, executedBefore } = await this.claim(caller, quote);
    if (!executedBefore) await this.openTransaction(caller, claimed);
    return claimed;
  }

  /**
   * PENDING → PROCESSING, or why not: 409 QUOTE_EXPIRED (and the quote shows EXPIRED) or
   * QUOTE_NOT_PENDING; `executedBefore` when the request's Idempotency-Key executed it already.
   */
  private async claim(caller: Caller, quote: Quote): Promise<{ quote: Quote; executedBefore: boolean }> {
    const claimed = await this.store.claimForExecution({ id: quote.id, executionKey: caller.idempotencyKey });
    if (claimed) {
      quoteTransitions.inc({ status: 'PROCESSING' });
      return { quote: claimed, executedBefore: false };
    }
    const expired = await this.store.expire(quote.id);
    if (expired.length) quoteTransitions.inc({ status: 'EXPIRED' });
    const current = expired[0] ?? (await this.store.find(quote, quote.id))!;
    if (caller.idempotencyKey && current.executionKey === caller.idempotencyKey) {
      return { quote: current, executedBefore: true };
    }
    throw current.status === 'EXPIRED' ? quoteExpired(current) : quoteAlreadyExecuted(current);
  }

  /**
   * Asks transfers for the quote's transaction. A refusal (4xx: the balance is short, the account
   * closed) hands the quote back as PENDING, since nothing was created; a failure to answer leaves it
   * PROCESSING for the recovery sweep, which asks again. The transaction's first event confirms the
   * quote (QuoteProgressConsumer), which stops the sweep from asking.
   */
  private async openTransaction(caller: Caller, quote: Quote): Promise<TransactionView> {
    let transaction: TransactionView;
    try {
      const payRequest = await this.umaDestinations.payRequest(caller, quote);
      transaction = await this.transfers.open(caller, quote, payRequest);
    } catch (error) {
      if (ApiException.isRefusal(error)) {
        await this.store.releaseClaim(quote.id);
        quoteTransitions.inc({ status: 'PENDING' });
      }
      throw error;
    }
    this.logger.log(
      { quoteId: quote.id, transactionId: transaction.id, requestId: caller.requestId },
      'quote executed',
    );
    return transaction;
  }

  private async find(caller: Caller, quoteId: string): Promise<Quote> {
    const id = uuidOf('Quote', quoteId);
    const quote = id ? await this.store.find(scopeOf(caller), id) : undefined;
    if (!quote) throw ApiException.notFound('QUOTE_NOT_FOUND', `Quote ${quoteId}`);
    return quote;
  }

  /** The external account a quote's externalAccountDetails describe, the sending customer's unless it names one. */
  private createDestination(caller: Caller, body: CreateQuoteDto, ends: QuoteEnds): Promise<QuoteAccount> {
    const details = body.destination.externalAccountDetails!;
    return this.accounts.createExternalAccount(caller, {
      ...details,
      ...(ends.sendingCustomerId && !details.customerId ? { customerId: ends.sendingCustomerId } : {}),
    });
  }

  /** Money moves between accounts of one owner: a customer's, or the platform's own. */
  private assertSameOwner(sendingCustomerId: string | null, destination: QuoteAccount): void {
    if (destination.customerId !== sendingCustomerId) {
      throw ApiException.invalidInput([
        { field: 'destination', message: 'must belong to the sending customer' },
      ]);
    }
  }
}
