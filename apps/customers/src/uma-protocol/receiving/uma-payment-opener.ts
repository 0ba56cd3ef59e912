import { Injectable } from '@nestjs/common';
import { toApiId } from '@payments/contracts';
import { ApiException, callerOf } from '@payments/http';
import { CurrencyConfig } from '@customers/platforms/platform-config.entity';
import { IncomingPaymentsClient } from '@customers/uma-protocol/receiving/incoming-payments.client';
import { receivable } from '@customers/uma-protocol/receiving/lnurlp-responder';
import { UmaReceiver } from '@customers/uma-protocol/receiving/uma-receivers';
import { requestedPayerData } from '@customers/uma-protocol/uma-payer-data';

/** A pay request to one of this deployment's customers, however it arrived. */
export interface UmaPaymentAsked {
  /** Names the payment: the same pay request again finds the payment it opened. */
  paymentId: string;
  senderUmaAddress: string;
  /** The receiving currency, which the amount is in. */
  currency: string;
  /** Smallest unit of `currency`. */
  amount: number;
  /** The payer data, under the user-info field names. */
  counterpartyInformation: Record<string, string>;
  /** The sender is a platform of this deployment, whose payment funds this one (docs/uma.md). */
  awaitsSenderFunding: boolean;
}

/**
 * Opens the INCOMING payment of a pay request for a customer of this deployment, once it is in one of
 * the receiver's currencies, within its limits, with every mandatory payer field: for a peer's signed
 * pay request (PayRequestHandler) and for a platform of this deployment paying one of its own
 * (UmaSender, which resolves such a receiver here rather than over HTTP).
 */
@Injectable()
export class UmaPaymentOpener {
  constructor(private readonly incoming: IncomingPaymentsClient) {}

  async open(receiver: UmaReceiver, asked: UmaPaymentAsked): Promise<{ id: string; status: string }> {
    this.checkCurrency(receiver, asked);
    return this.incoming.open(callerOf(receiver.config), {
      paymentId: asked.paymentId,
      senderUmaAddress: asked.senderUmaAddress.toLowerCase(),
      customerId: toApiId('Customer', receiver.customer.id),
      currency: asked.currency,
      amount: asked.amount,
      counterpartyInformation: asked.counterpartyInformation,
      awaitsSenderFunding: asked.awaitsSenderFunding,
    });
  }

  /** The receiving currency and amount within the platform's limits, and the payer fields it requires. */
  private checkCurrency(receiver: UmaReceiver, asked: UmaPaymentAsked): void {
    const currencies = receivable(receiver.config);
    const currency = currencies.find((entry) => entry.currencyCode === asked.currency);
    if (!currency) {
      const codes = currencies.map((entry) => entry.currencyCode).join(', ');
      throw new ApiException(
        'INVALID_CURRENCY',
        codes
          ? `${receiver.address} does not receive ${asked.currency}: name the amount in one of ${codes}`
          : `${receiver.address} receives no currency now: ask its platform to enable one for incoming payments`,
      );
    }
    const amountRefusal = amountRefusalOf(asked.amount, currency);
    if (amountRefusal) throw new ApiException('AMOUNT_OUT_OF_RANGE', amountRefusal);
    const missing = Object.entries(requestedPayerData([currency]))
      .filter(([name, option]) => option.mandatory && !asked.counterpartyInformation[name])
      .map(([name]) => name);
    if (missing.length) {
      const message = `payerData lacks ${missing.join(', ')}, which ${receiver.address} requires: send ${missing.length > 1 ? 'them' : 'it'} in payerData`;
      throw new ApiException('MISSING_MANDATORY_USER_INFO', message, {
        missingFields: missing,
      });
    }
  }
}

/** Why `amount` is not one the receiver takes in `currency`, naming only the limit it passes; none when it is. */
function amountRefusalOf(amount: number, currency: CurrencyConfig): string | undefined {
  const { currencyCode: code, minAmount: min, maxAmount: max } = currency;
  if (!Number.isSafeInteger(amount))
    return `amount ${amount} is not a whole number of ${code}'s smallest unit: send an integer amount`;
  if (amount < min)
    return `amount ${amount} is below the minimum of ${min} (smallest units of ${code}) the receiver takes: send at least ${min}`;
  if (amount > max)
    return `amount ${amount} is above the maximum of ${max} (smallest units of ${code}) the receiver takes: send at most ${max}`;
  return undefined;
}
