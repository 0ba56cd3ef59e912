import { Injectable } from '@nestjs/common';
import { uuidOf } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { Quote } from '@quoting/quotes/quote.entity';
import { ReceiverLookupStore } from '@quoting/receivers/receiver-lookup.store';
import { parseUmaAddress } from '@quoting/uma/uma-address';
import { UmaCounterparties } from '@quoting/uma/uma-counterparties';
import { PayerDataField, PayRequestOutcome, ReceivableCurrency } from '@quoting/uma/uma-counterparty';

/** A quote's UMA destination once checked against its lookup. */
export interface UmaQuoteDestination {
  umaAddress: string;
  /** Bare uuid of the lookup. */
  lookupId: string;
  /** The currency the receiver is paid in, with the amounts it accepts. */
  receiving: ReceivableCurrency;
  senderCustomerInfo: Record<string, unknown>;
  counterpartyInformation: Record<string, string> | null;
}

const MAX_COUNTERPARTY_FIELDS = 32;
const MAX_COUNTERPARTY_VALUE = 1_000;

/**
 * Quotes to UMA addresses: created from a receiver lookup (docs/api.md, "Receiver lookups"), which fixes the
 * currencies and the payer data the receiver needs, and executed through the counterparty's pay
 * request.
 */
@Injectable()
export class UmaQuoteDestinations {
  constructor(
    private readonly lookups: ReceiverLookupStore,
    private readonly counterparties: UmaCounterparties,
  ) {}

  /**
   * 404 LOOKUP_REQUEST_NOT_FOUND without a current lookup of the caller's; 400 when the lookup is of
   * another receiver, does not take `currency`, or the sender's info lacks a mandatory field.
   */
  async resolve(
    caller: Caller,
    destination: { umaAddress: string; currency?: string; counterpartyInformation?: Record<string, unknown> },
    lookupId: string | undefined,
    senderCustomerInfo: Record<string, unknown> = {},
  ): Promise<UmaQuoteDestination> {
    const receiver = parseUmaAddress(destination.umaAddress);
    // A lookup id is also accepted with the prefix LookupRequest (docs/api.md#identifiers-amounts-and-times).
    const id = lookupId && uuidOf('Lookup', lookupId.replace(/^LookupRequest:/, 'Lookup:'));
    const lookup = id ? await this.lookups.find(scopeOf(caller), id) : undefined;
    if (!lookup || lookup.expired || !lookup.receiverUmaAddress) {
      throw new ApiException(
        'LOOKUP_REQUEST_NOT_FOUND',
        lookupId
          ? `Lookup ${lookupId} not found or expired; look the receiver up again with GET /receiver/uma/{address}`
          : 'A quote to a UMA address needs the lookupId of GET /receiver/uma/{address}',
      );
    }
    if (lookup.receiverUmaAddress !== receiver.address) {
      throw ApiException.invalidInput([
        {
          field: 'lookupId',
          message: `is a lookup of ${lookup.receiverUmaAddress}, not ${receiver.address}`,
        },
      ]);
    }
    const receiving = destination.currency
      ? lookup.currencies.find((currency) => currency.code === destination.currency)
      : lookup.currencies[0];
    if (!receiving) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `${receiver.address} receives ${lookup.currencies.map((currency) => currency.code).join(', ')}, not ${destination.currency}`,
      );
    }
    assertPayerData(lookup.requiredPayerData, senderCustomerInfo);
    return {
      umaAddress: receiver.address,
      lookupId: lookup.id,
      receiving,
      senderCustomerInfo,
      counterpartyInformation: counterpartyInformationOf(destination.counterpartyInformation),
    };
  }

  /**
   * The counterparty's answer to the pay request of an executed quote; undefined for a quote that
   * does not pay a UMA address. Throws (the execution is asked again) when the lookup is gone.
   */
  async payRequest(caller: Caller, quote: Quote): Promise<PayRequestOutcome | undefined> {
    if (!quote.receivingUmaAddress || !quote.lookupId) return undefined;
    const lookup = await this.lookups.find(quote, quote.lookupId);
    if (!lookup) throw new Error(`Lookup ${quote.lookupId} of quote ${quote.id} no longer exists`);
    const receiver = parseUmaAddress(quote.receivingUmaAddress);
    return this.counterparties.of(caller, receiver).payRequest({
      receiver,
      sender: { platform: scopeOf(caller), umaAddress: lookup.senderUmaAddress },
      currency: quote.receivingCurrency,
      amount: BigInt(quote.totalReceivingAmount),
      payerData: quote.senderCustomerInfo ?? {},
      lookupState: lookup.counterpartyState,
    });
  }
}

/** 400 MISSING_MANDATORY_USER_INFO naming every mandatory field the sender's info lacks. */
export function assertPayerData(
  required: PayerDataField[],
  senderCustomerInfo: Record<string, unknown>,
): void {
  const missing = required
    .filter(({ name, mandatory }) => mandatory && isBlank(senderCustomerInfo[name]))
    .map(({ name }) => name);
  if (missing.length) {
    throw new ApiException(
      'MISSING_MANDATORY_USER_INFO',
      `senderCustomerInfo lacks what the receiver requires: ${missing.join(', ')}`,
      { missingFields: missing },
    );
  }
}

/** 400 unless every value is a string a transaction can show; null when there is none. */
function counterpartyInformationOf(
  information: Record<string, unknown> | undefined,
): Record<string, string> | null {
  if (!information || Object.keys(information).length === 0) return null;
  const entries = Object.entries(information);
  const bad = entries.filter(
    ([, value]) => typeof value !== 'string' || value.length > MAX_COUNTERPARTY_VALUE,
  );
  if (entries.length > MAX_COUNTERPARTY_FIELDS || bad.length) {
    throw ApiException.invalidInput(
      bad.length
        ? bad.map(([name]) => ({
            field: `destination.counterpartyInformation.${name}`,
            message: `must be a string of at most ${MAX_COUNTERPARTY_VALUE} characters`,
          }))
        : [
            {
              field: 'destination.counterpartyInformation',
              message: `has more than ${MAX_COUNTERPARTY_FIELDS} fields`,
            },
          ],
    );
  }
  return information as Record<string, string>;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
