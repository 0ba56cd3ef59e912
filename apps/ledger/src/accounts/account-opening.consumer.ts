import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { CUSTOMER_EVENTS, CustomerEvent, PLATFORM_EVENTS, PlatformEvent } from '@payments/contracts';
import { EventBatchPattern } from '@payments/messaging';
import { handleEachOnce, handleOnce } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';

/**
 * Opens internal accounts when customers are created and when a platform's currencies change.
 * Customer events come in batches: a bulk import creates customers by the thousand, and one
 * transaction per batch keeps the ledger close behind it.
 */
@Controller()
export class AccountOpeningConsumer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: InternalAccountsService,
  ) {}

  @EventBatchPattern(CUSTOMER_EVENTS.name)
  async onCustomerEvents(@Payload() events: CustomerEvent[]): Promise<void> {
    const created = events.filter((event) => event.type === 'customer.created');
    if (created.length === 0) return;
    await handleEachOnce(this.dataSource, 'ledger.customer-accounts', created, (manager, fresh) =>
      this.accounts.open(
        manager,
        fresh.map(({ platformId, environment, payload: { customerId, platformCustomerId, currencies } }) => ({
          owner: { platformId, environment, customerId, platformCustomerId },
          currencies,
        })),
      ),
    );
  }

  @EventPattern(PLATFORM_EVENTS.name)
  async onPlatformEvent(@Payload() event: PlatformEvent): Promise<void> {
    await handleOnce(this.dataSource, 'ledger.platform-accounts', event, (manager) =>
      this.accounts.open(manager, [
        {
          owner: {
            platformId: event.platformId,
            environment: event.environment,
            customerId: null,
            platformCustomerId: null,
          },
          currencies: event.payload.currencies,
        },
      ]),
    );
  }
}
