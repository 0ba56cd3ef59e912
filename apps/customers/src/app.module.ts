import { Module } from '@nestjs/common';
import { CUSTOMER_EVENTS, INVITATION_EVENTS, KYC_EVENTS, PLATFORM_EVENTS } from '@payments/contracts';
import { MessagingModule } from '@payments/messaging';
import { DatabaseModule, RetentionModule } from '@payments/persistence';
import { RedisModule, RuntimeModule } from '@payments/runtime';
import { CustomerBatchesModule } from '@customers/customer-batches/customer-batches.module';
import { CustomersModule } from '@customers/customers/customers.module';
import { CustomersEnvironment } from '@customers/customers.environment';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { ExternalAccountsModule } from '@customers/external-accounts/external-accounts.module';
import { IncomingRecipientsModule } from '@customers/incoming-recipients/incoming-recipients.module';
import { InvitationsModule } from '@customers/invitations/invitations.module';
import { KycLinksModule } from '@customers/kyc/kyc-links.module';
import { PlaidModule } from '@customers/plaid/plaid.module';
import { PlatformsModule } from '@customers/platforms/platforms.module';
import { CUSTOMERS_RETENTION } from '@customers/retention';
import { UmaProtocolModule } from '@customers/uma-protocol/uma-protocol.module';

@Module({
  imports: [
    RuntimeModule.forRoot({ app: 'customers', environment: CustomersEnvironment }),
    DatabaseModule.forRoot(CUSTOMERS_SCHEMA),
    RetentionModule.forRoot(CUSTOMERS_RETENTION),
    RedisModule,
    MessagingModule.forRoot({
      produces: [CUSTOMER_EVENTS, PLATFORM_EVENTS, KYC_EVENTS, INVITATION_EVENTS],
      consumes: [],
    }),
    PlatformsModule,
    CustomersModule,
    ExternalAccountsModule,
    IncomingRecipientsModule,
    PlaidModule,
    KycLinksModule,
    CustomerBatchesModule,
    InvitationsModule,
    UmaProtocolModule,
  ],
})
export class AppModule {}
