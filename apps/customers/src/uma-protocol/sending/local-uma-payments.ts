import { Injectable } from '@nestjs/common';
import { umaAddressParts } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { UmaPaymentOpener } from '@customers/uma-protocol/receiving/uma-payment-opener';
import { UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';
import { UmaPayRequestDto } from '@customers/uma-protocol/sending/dto/uma-sending.dto';
import { userInfoOf } from '@customers/uma-protocol/uma-payer-data';

/** A pay request to a customer of this deployment, accepted: the payment it opened and who paid. */
export interface LocalPayment {
  accepted: true;
  receiverTransactionId: string;
  payerUmaAddress: string;
}

/**
 * Pay requests from a platform of this deployment to a customer of another (docs/uma.md): the receiver
 * is resolved here and its payment opened here, never through whatever server the receiving domain
 * points at, so the payment the sender's waits for is the one this pay request opened. Refusals are
 * ApiExceptions, which UmaSender answers as a refused pay request.
 */
@Injectable()
export class LocalUmaPayments {
  constructor(
    private readonly receivers: UmaReceivers,
    private readonly opener: UmaPaymentOpener,
  ) {}

  async pay(
    paying: PlatformConfig,
    receiving: PlatformConfig,
    payer: string,
    body: UmaPayRequestDto,
  ): Promise<LocalPayment> {
    // The receiving side reads the payer as the sender: another platform's address is not this one's to use.
    if (umaAddressParts(payer)?.domain !== paying.umaDomain) {
      throw new ApiException(
        'FORBIDDEN',
        `${payer} is not an address of the paying platform's domain ${paying.umaDomain}: send a senderUmaAddress on that domain, or none`,
      );
    }
    const { user } = umaAddressParts(body.receiverUmaAddress.toLowerCase())!;
    const receiver = await this.receivers.receiver(receiving.umaDomain, user);
    const transaction = await this.opener.open(receiver, {
      paymentId: randomUUID(),
      senderUmaAddress: payer,
      currency: body.currency,
      amount: body.amount,
      counterpartyInformation: userInfoOf(body.payerData),
      awaitsSenderFunding: true,
    });
    return { accepted: true, receiverTransactionId: transaction.id, payerUmaAddress: payer };
  }
}
