import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { CUSTOMER_EVENTS, CustomerEvent, PLATFORM_EVENTS, PlatformEvent } from '@payments/contracts';
import { handleOnce } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';

/** Opens internal accounts when customers are created and when a platform's currencies change. */
@Controller()
export class AccountOpeningConsumer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: InternalAccountsService,
  ) {}

  @EventPattern(CUSTOMER_EVENTS.name)
  async onCustomerEvent(@Payload() event: CustomerEvent): Promise<void> {
    if (event.type !== 'customer.created') return;
    const { customerId, platformCustomerId, currencies } = event.payload;
    await handleOnce(this.dataSource, 'ledger.customer-accounts', event, (manager) =>
      this.accounts.open(manager, { platformId: event.platformId, environment: event.environment, customerId, platformCustomerId }, currencies),
    );
  }

  @EventPattern(PLATFORM_EVENTS.name)
  async onPlatformEvent(@Payload() event: PlatformEvent): Promise<void> {
    await handleOnce(this.dataSource, 'ledger.platform-accounts', event, (manager) =>
      this.accounts.open(
        manager,
        { platformId: event.platformId, environment: event.environment, customerId: null, platformCustomerId: null },
        event.payload.currencies,
      ),
    );
  }
}
