import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TRANSACTION_EVENTS } from '@payments/contracts';
import { serviceFoundation } from '@payments/messaging';
import { ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { QuoteTransfersController } from '@transfers/quote-transfers/quote-transfers.controller';
import { QuoteTransfersService } from '@transfers/quote-transfers/quote-transfers.service';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { SettlementWorker } from '@transfers/rails/settlement.worker';
import { SandboxFundingController } from '@transfers/sandbox/sandbox-funding.controller';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { TransactionsController } from '@transfers/transactions/transactions.controller';
import { TransactionsService } from '@transfers/transactions/transactions.service';
import { TransfersController } from '@transfers/transfers/transfers.controller';
import { TransferFeesClient } from '@transfers/transfers/transfer-fees.client';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';
import { TransfersService } from '@transfers/transfers/transfers.service';
import { TransfersEnvironment } from '@transfers/transfers.environment';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'transfers',
      environment: TransfersEnvironment,
      schema: TRANSFERS_SCHEMA,
      produces: [TRANSACTION_EVENTS],
      consumes: [],
    }),
    TypeOrmModule.forFeature([Transaction]),
  ],
  controllers: [TransfersController, SandboxFundingController, TransactionsController, QuoteTransfersController],
  providers: [
    LedgerClient,
    ExternalAccountsClient,
    TransferFeesClient,
    TransactionStore,
    RailAttemptsStore,
    TransactionsService,
    TransfersService,
    OutgoingSender,
    QuoteTransfersService,
    SettlementWorker,
  ],
})
export class AppModule {}
