import { Module } from '@nestjs/common';
import { ExternalAccountsController } from '@customers/external-accounts/external-accounts.controller';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { ExternalAccountsStore } from '@customers/external-accounts/external-accounts.store';
import { InternalExternalAccountsController } from '@customers/external-accounts/internal-external-accounts.controller';
import { PendingAccountActivator } from '@customers/external-accounts/pending-account.activator';

/** External accounts of customers and platforms, their internal lookup and the activation of pending ones. */
@Module({
  controllers: [ExternalAccountsController, InternalExternalAccountsController],
  providers: [ExternalAccountsService, ExternalAccountsStore, PendingAccountActivator],
  exports: [ExternalAccountsService],
})
export class ExternalAccountsModule {}
