import { Module } from '@nestjs/common';
import { CustomerBatchesController } from '@customers/customer-batches/customer-batches.controller';
import { CustomerBatchesService } from '@customers/customer-batches/customer-batches.service';
import { CustomerBatchesStore } from '@customers/customer-batches/customer-batches.store';
import { ExternalAccountsModule } from '@customers/external-accounts/external-accounts.module';
import { PlatformsModule } from '@customers/platforms/platforms.module';

/** Customers created in batches by the bulk importer, through the same rules and events as one at a time. */
@Module({
  imports: [PlatformsModule, ExternalAccountsModule],
  controllers: [CustomerBatchesController],
  providers: [CustomerBatchesService, CustomerBatchesStore],
})
export class CustomerBatchesModule {}
