import { Module } from '@nestjs/common';
import { CUSTOMER_EVENTS, PLATFORM_EVENTS } from '@payments/contracts';
import { MessagingModule } from '@payments/messaging';
import { DatabaseModule } from '@payments/persistence';
import { RedisModule, RuntimeModule } from '@payments/runtime';
import { CustomersModule } from '@customers/customers/customers.module';
import { CustomersEnvironment } from '@customers/customers.environment';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { ExternalAccountsModule } from '@customers/external-accounts/external-accounts.module';
import { PlaidModule } from '@customers/plaid/plaid.module';
import { PlatformsModule } from '@customers/platforms/platforms.module';

@Module({
  imports: [
    RuntimeModule.forRoot({ app: 'customers', environment: CustomersEnvironment }),
    DatabaseModule.forRoot(CUSTOMERS_SCHEMA),
    RedisModule,
    MessagingModule.forRoot({ produces: [CUSTOMER_EVENTS, PLATFORM_EVENTS], consumes: [] }),
    PlatformsModule,
    CustomersModule,
    ExternalAccountsModule,
    PlaidModule,
  ],
})
export class AppModule {}
