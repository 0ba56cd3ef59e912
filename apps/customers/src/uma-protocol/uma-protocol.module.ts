import { Module } from '@nestjs/common';
import { PlatformsModule } from '@customers/platforms/platforms.module';
import { UmaKeysStore } from '@customers/uma-protocol/keys/uma-keys.store';
import { UmaPeerHttp } from '@customers/uma-protocol/peers/uma-peer-http';
import { UmaPublicKeys } from '@customers/uma-protocol/peers/uma-public-keys';
import { IncomingPaymentsClient } from '@customers/uma-protocol/receiving/incoming-payments.client';
import { LnurlpResponder } from '@customers/uma-protocol/receiving/lnurlp-responder';
import { PayRequestHandler } from '@customers/uma-protocol/receiving/pay-request-handler';
import { PayRequestNonces } from '@customers/uma-protocol/receiving/pay-request-nonces';
import { UmaPaymentOpener } from '@customers/uma-protocol/receiving/uma-payment-opener';
import { UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';
import { WellKnownController } from '@customers/uma-protocol/receiving/well-known.controller';
import { LocalUmaPayments } from '@customers/uma-protocol/sending/local-uma-payments';
import { UmaSender } from '@customers/uma-protocol/sending/uma-sender';
import { UmaSendingController } from '@customers/uma-protocol/sending/uma-sending.controller';

/** The UMA protocol (with @uma-sdk/core): the platforms' well-known endpoints and pay requests, and quoting's calls to peers. */
@Module({
  imports: [PlatformsModule],
  controllers: [WellKnownController, UmaSendingController],
  providers: [
    UmaKeysStore,
    UmaPeerHttp,
    UmaPublicKeys,
    UmaReceivers,
    LnurlpResponder,
    PayRequestHandler,
    PayRequestNonces,
    IncomingPaymentsClient,
    UmaPaymentOpener,
    LocalUmaPayments,
    UmaSender,
  ],
})
export class UmaProtocolModule {}
