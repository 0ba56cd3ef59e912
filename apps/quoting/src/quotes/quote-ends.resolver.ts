import { Injectable } from '@nestjs/common';
import { accountNotActive, ApiException, Caller, FieldError, PlatformScope } from '@payments/http';
import { AccountDirectory, QuoteAccount } from '@quoting/accounts/account-directory';
import { PlatformCurrencies } from '@quoting/platforms/platform-currencies';
import { PricedQuote } from '@quoting/pricing/pricer';
import { UmaQuoteDestination, UmaQuoteDestinations } from '@quoting/receivers/uma-quote-destinations';
import { CreateQuoteDto, QuoteDestinationDto, QuoteSourceDto } from '@quoting/quotes/dto/create-quote.dto';

/** The two ends of a quote, read and checked before pricing. */
export interface QuoteEnds {
  sourceType: 'ACCOUNT' | 'REALTIME_FUNDING';
  source?: QuoteAccount;
  sendingCurrency: string;
  sendingCustomerId: string | null;
  /** The existing destination account; none for a UMA address, or when externalAccountDetails will create it. */
  destination?: QuoteAccount;
  /** A UMA address destination, checked against its lookup. */
  uma?: UmaQuoteDestination;
  receivingCurrency: string;
}

/** Reads the accounts (or the UMA lookup) a quote request names, and checks what can be checked before pricing. */
@Injectable()
export class QuoteEndsResolver {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly currencies: PlatformCurrencies,
    private readonly umaDestinations: UmaQuoteDestinations,
  ) {}

  async resolve(caller: Caller, body: CreateQuoteDto): Promise<QuoteEnds> {
    const { source: sourceBody, destination: destinationBody } = body;
    const sourceType = sourceBody.sourceType ?? (sourceBody.accountId ? 'ACCOUNT' : 'REALTIME_FUNDING');
    const destinationType = destinationTypeOf(destinationBody);
    const missing = missingFields(sourceType, sourceBody, destinationType, destinationBody);
    if (missing.length) throw ApiException.invalidInput(missing);

    const [source, destination, uma] = await Promise.all([
      sourceType === 'ACCOUNT' ? this.accounts.account(caller, sourceBody.accountId!) : undefined,
      destinationType === 'ACCOUNT' ? this.accounts.account(caller, destinationBody.accountId!) : undefined,
      destinationType === 'UMA_ADDRESS'
        ? this.umaDestinations.resolve(
            caller,
            {
              umaAddress: destinationBody.umaAddress!,
              currency: destinationBody.currency,
              counterpartyInformation: destinationBody.counterpartyInformation,
            },
            body.lookupId,
            body.senderCustomerInfo,
          )
        : undefined,
    ]);
    if (source?.kind === 'EXTERNAL' && !source.pullCapable) {
      throw new ApiException(
        'TRANSFER_IN_NOT_SUPPORTED',
        `External account ${source.id} cannot be pulled from; use an internal account or a REALTIME_FUNDING source`,
      );
    }
    if (source?.kind === 'EXTERNAL' && source.status !== 'ACTIVE') {
      throw accountNotActive(source.id, source.status);
    }
    if (destination && destination.kind !== 'EXTERNAL') {
      throw ApiException.invalidInput([
        { field: 'destination.accountId', message: 'must be an external account' },
      ]);
    }
    if (source && sourceBody.customerId && sourceBody.customerId !== source.customerId) {
      throw ApiException.invalidInput([
        { field: 'source.customerId', message: 'is not the owner of source.accountId' },
      ]);
    }
    if (destination && destination.status !== 'ACTIVE') {
      throw accountNotActive(destination.id, destination.status);
    }
    const receivingCurrency =
      uma?.receiving.code ?? destination?.currency ?? destinationBody.externalAccountDetails!.currency;
    if (!uma && destinationBody.currency && destinationBody.currency !== receivingCurrency) {
      throw ApiException.invalidInput([
        { field: 'destination.currency', message: `must be the account's currency, ${receivingCurrency}` },
      ]);
    }
    const sendingCurrency = source?.currency ?? sourceBody.currency!;
    // A UMA address is paid through its counterparty whatever the currencies; accounts use transfer-out.
    if (!uma && sendingCurrency === receivingCurrency) {
      throw ApiException.invalidInput([
        {
          field: 'destination',
          message: 'is in the sending currency; same-currency transfers use /transfer-out (or /transfer-in)',
        },
      ]);
    }
    return {
      sourceType,
      source,
      sendingCurrency,
      sendingCustomerId: source ? source.customerId : (sourceBody.customerId ?? null),
      destination,
      uma,
      receivingCurrency,
    };
  }

  /**
   * 400 AMOUNT_OUT_OF_RANGE outside the platform's per-currency limits (the sending currency must be
   * enabled for payouts), or outside what a UMA receiver accepts.
   */
  async assertWithinLimits(scope: PlatformScope, ends: QuoteEnds, priced: PricedQuote): Promise<void> {
    const sending = await this.currencies.limitsOf(scope, ends.sendingCurrency, 'OUTGOING');
    const receiving = ends.uma
      ? [
          {
            minAmount: ends.uma.receiving.min,
            maxAmount: ends.uma.receiving.max,
            currencyCode: ends.receivingCurrency,
          },
        ]
      : await this.currencies.limitsOf(scope, ends.receivingCurrency, 'INCOMING').then(
          (limits) => [limits],
          () => [],
        );
    const checks = [
      { side: 'sending', amount: priced.totalSendingAmount, limits: sending },
      ...receiving.map((limits) => ({ side: 'receiving', amount: priced.totalReceivingAmount, limits })),
    ];
    for (const { side, amount, limits } of checks) {
      if (amount < BigInt(limits.minAmount) || amount > BigInt(limits.maxAmount)) {
        throw new ApiException(
          'AMOUNT_OUT_OF_RANGE',
          `The ${side} amount ${amount} ${limits.currencyCode} is outside the allowed range ${limits.minAmount}..${limits.maxAmount}`,
          { side, amount: amount.toString(), minAmount: limits.minAmount, maxAmount: limits.maxAmount },
        );
      }
    }
  }
}

function destinationTypeOf(
  destination: QuoteDestinationDto,
): 'ACCOUNT' | 'UMA_ADDRESS' | 'EXTERNAL_ACCOUNT_DETAILS' {
  if (destination.destinationType) return destination.destinationType;
  if (destination.externalAccountDetails) return 'EXTERNAL_ACCOUNT_DETAILS';
  return destination.umaAddress ? 'UMA_ADDRESS' : 'ACCOUNT';
}

/** Every field the chosen source and destination types need and the request lacks. */
function missingFields(
  sourceType: string,
  source: QuoteSourceDto,
  destinationType: string,
  destination: QuoteDestinationDto,
): FieldError[] {
  const required: [boolean, string, string][] = [
    [sourceType === 'ACCOUNT' && !source.accountId, 'source.accountId', 'is required'],
    [
      sourceType === 'REALTIME_FUNDING' && !source.currency,
      'source.currency',
      'is required for a REALTIME_FUNDING source',
    ],
    [destinationType === 'ACCOUNT' && !destination.accountId, 'destination.accountId', 'is required'],
    [
      destinationType === 'EXTERNAL_ACCOUNT_DETAILS' && !destination.externalAccountDetails,
      'destination.externalAccountDetails',
      'is required',
    ],
    [destinationType === 'UMA_ADDRESS' && !destination.umaAddress, 'destination.umaAddress', 'is required'],
  ];
  return required.filter(([isMissing]) => isMissing).map(([, field, message]) => ({ field, message }));
}
