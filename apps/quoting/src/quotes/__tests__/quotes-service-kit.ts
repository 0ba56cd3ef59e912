import { Environment, toApiId } from '@payments/contracts';
import { ApiException, Caller, PlatformScope } from '@payments/http';
import { CustomerReadinessClient } from '@payments/runtime';
import { randomUUID } from 'node:crypto';
import { AccountDirectory, QuoteAccount } from '@quoting/accounts/account-directory';
import { QuoteTransfersClient } from '@quoting/execution/quote-transfers.client';
import { Pricer, PricedQuote } from '@quoting/pricing/pricer';
import { UmaQuoteDestinations } from '@quoting/receivers/uma-quote-destinations';
import { CreateQuoteDto } from '@quoting/quotes/dto/create-quote.dto';
import { Quote } from '@quoting/quotes/quote.entity';
import { QuoteEnds, QuoteEndsResolver } from '@quoting/quotes/quote-ends.resolver';
import { ExecutionClaim, NewQuote, QuoteStore } from '@quoting/quotes/quote.store';
import { QuotesService } from '@quoting/quotes/quotes.service';

const PLATFORM = randomUUID();
export const CUSTOMER = 'Customer:1';

export const caller: Caller = {
  platformId: toApiId('Platform', PLATFORM),
  environment: Environment.Sandbox,
  requestId: 'req-1',
};
/** A request with an Idempotency-Key (its digest, as the gateway passes it on). */
export const keyed = (key: string): Caller => ({ ...caller, idempotencyKey: key });

export const SOURCE: QuoteAccount = {
  id: 'InternalAccount:src',
  kind: 'INTERNAL',
  currency: 'USD',
  customerId: CUSTOMER,
};
export const DESTINATION: QuoteAccount = {
  id: 'ExternalAccount:dst',
  kind: 'EXTERNAL',
  currency: 'MXN',
  customerId: CUSTOMER,
  status: 'ACTIVE',
};

/** The ends of an internal account paying an external account of the same customer. */
export const ACCOUNT_ENDS: QuoteEnds = {
  sourceType: 'ACCOUNT',
  source: SOURCE,
  sendingCurrency: 'USD',
  sendingCustomerId: CUSTOMER,
  destination: DESTINATION,
  receivingCurrency: 'MXN',
};

export const UMA_ENDS: QuoteEnds = {
  ...ACCOUNT_ENDS,
  destination: undefined,
  uma: {
    umaAddress: '$success.mxn@sandbox.uma.local',
    lookupId: randomUUID(),
    receiving: { code: 'MXN', min: 1, max: 1_000_000_000 },
    senderCustomerInfo: { FULL_NAME: 'Ada Lovelace' },
    counterpartyInformation: { FULL_NAME: 'Grace Hopper' },
  },
};

export const PRICED: PricedQuote = {
  totalSendingAmount: 10_035n,
  totalReceivingAmount: 170_000n,
  feesIncluded: 35n,
  service: { fixed: 25n, variable: 0n },
  platform: { fixed: 7n, variable: 3n },
  exchangeRate: '0.058823529412',
  rateDetails: {
    counterpartyMultiplier: 1,
    counterpartyFixedFee: 0,
    serviceApiMultiplier: 17,
    serviceApiFixedFee: 25,
    serviceApiVariableFeeRate: 0,
    serviceApiVariableFeeAmount: 0,
    platformFixedFee: 7,
    platformVariableFeeRate: 0.0003,
    platformVariableFeeAmount: 3,
  },
  ratesAsOf: '2025-01-01T00:00:00.000Z',
};

export const quoteRequest = (changes: Partial<CreateQuoteDto> = {}): CreateQuoteDto => ({
  source: { accountId: SOURCE.id },
  destination: { accountId: DESTINATION.id },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: 10_035,
  ...changes,
});

/** What the transfers client throws when transfers refuses (4xx) or cannot answer (5xx). */
export const insufficientBalance = () => new ApiException('INSUFFICIENT_BALANCE', 'The balance is short');
export const transfersDown = () => ApiException.retryLater('SERVICE_UNAVAILABLE', 'transfers did not answer');

/**
 * QuoteStore's rows in memory, with the same guarded status changes: a claim takes a PENDING quote
 * before its expiry, a release gives back an unconfirmed PROCESSING one, expiry needs a due PENDING one.
 */
export class QuoteRows {
  private readonly rows = new Map<string, Quote>();

  async insert(quote: NewQuote): Promise<Quote> {
    const now = new Date();
    if (!this.rows.has(quote.id)) {
      this.rows.set(quote.id, {
        ...quote,
        seq: String(this.rows.size + 1),
        status: 'PENDING',
        createdAt: now,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
        executedAt: null,
        executionKey: null,
        transactionConfirmed: false,
      });
    }
    return this.row(quote.id);
  }

  async find(scope: PlatformScope, id: string): Promise<Quote | undefined> {
    const quote = this.rows.get(id);
    return quote?.platformId === scope.platformId && quote.environment === scope.environment
      ? { ...quote }
      : undefined;
  }

  async findByReference(scope: PlatformScope, reference: string): Promise<Quote | undefined> {
    const quote = [...this.rows.values()].find((row) => row.reference === reference);
    return quote ? this.find(scope, quote.id) : undefined;
  }

  async claimForExecution({ id, executionKey }: ExecutionClaim): Promise<Quote | undefined> {
    const quote = this.rows.get(id);
    if (quote?.status !== 'PENDING' || quote.expiresAt <= new Date()) return undefined;
    Object.assign(quote, {
      status: 'PROCESSING',
      executedAt: new Date(),
      executionKey: executionKey ?? null,
    });
    return this.row(id);
  }

  async releaseClaim(id: string): Promise<void> {
    const quote = this.rows.get(id);
    if (quote?.status !== 'PROCESSING' || quote.transactionConfirmed) return;
    Object.assign(quote, { status: 'PENDING', executedAt: null, executionKey: null });
  }

  async confirmTransaction(id: string): Promise<void> {
    this.rows.get(id)!.transactionConfirmed = true;
  }

  async expire(id: string): Promise<Quote[]> {
    const quote = this.rows.get(id);
    if (quote?.status !== 'PENDING' || quote.expiresAt > new Date()) return [];
    quote.status = 'EXPIRED';
    return [this.row(id)];
  }

  /** The quote as stored now. */
  row(id: string): Quote {
    return { ...this.rows.get(id)! };
  }

  /** Moves the quote's expiry into the past, as if its time to live had gone by. */
  outlive(id: string): void {
    this.rows.get(id)!.expiresAt = new Date(Date.now() - 1);
  }
}

/** A QuotesService over in-memory rows, its other collaborators jest functions with everyday answers. */
export function quotesService(ends: QuoteEnds = ACCOUNT_ENDS) {
  const rows = new QuoteRows();
  const resolver = {
    resolve: jest.fn().mockResolvedValue(ends),
    assertWithinLimits: jest.fn().mockResolvedValue(undefined),
  };
  const pricer = { price: jest.fn().mockResolvedValue(PRICED) };
  const accounts = {
    fundingAccount: jest.fn().mockResolvedValue('InternalAccount:funding'),
    createExternalAccount: jest.fn().mockResolvedValue(DESTINATION),
  };
  const transfers = {
    open: jest.fn(async (_caller: Caller, quote: Quote) => ({
      id: toApiId('Transaction', quote.transactionId),
      status: 'PENDING',
    })),
  };
  const umaDestinations = { payRequest: jest.fn().mockResolvedValue(undefined) };
  const readiness = { assertReady: jest.fn().mockResolvedValue(undefined) };
  const service = new QuotesService(
    rows as unknown as QuoteStore,
    accounts as unknown as AccountDirectory,
    resolver as unknown as QuoteEndsResolver,
    pricer as unknown as Pricer,
    transfers as unknown as QuoteTransfersClient,
    umaDestinations as unknown as UmaQuoteDestinations,
    readiness as unknown as CustomerReadinessClient,
  );
  return { service, rows, resolver, pricer, accounts, transfers, umaDestinations, readiness };
}
