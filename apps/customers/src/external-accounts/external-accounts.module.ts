import { Module } from '@nestjs/common';
import { ExternalAccountsController } from '@customers/external-accounts/external-accounts.controller';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { ExternalAccountsStore } from '@customers/external-accounts/external-accounts.store';
import { InternalExternalAccountsController } from '@customers/external-accounts/internal-external-accounts.controller';
import { PendingAccountWorker } from '@customers/external-accounts/pending-account.worker';

/** External accounts of customers and platforms, their internal lookup and the activation of pending ones. */
@Module({
  controllers: [ExternalAccountsController, InternalExternalAccountsController],
  providers: [ExternalAccountsService, ExternalAccountsStore, PendingAccountWorker],
  exports: [ExternalAccountsService],
})
export class ExternalAccountsModule {}
