import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APPROVAL_ANSWERS, TRANSACTION_EVENTS } from '@payments/contracts';
import { serviceFoundation } from '@payments/messaging';
import { ListCountsWorker } from '@payments/persistence';
import { CustomerReadinessClient } from '@payments/runtime';
import { ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { ApprovalAnswerConsumer } from '@transfers/incoming/approval-answer.consumer';
import { ApprovalDecisions } from '@transfers/incoming/approval-decisions';
import { ApprovalDeadlineWorker } from '@transfers/incoming/approval-deadline.worker';
import { ApprovalsController } from '@transfers/incoming/approvals.controller';
import { ApprovalsService } from '@transfers/incoming/approvals.service';
import { IncomingApprovalsStore } from '@transfers/incoming/incoming-approvals.store';
import { IncomingPayments } from '@transfers/incoming/incoming-payments.service';
import { IncomingRecipientsClient } from '@transfers/incoming/incoming-recipients.client';
import { SandboxReceiveService } from '@transfers/incoming/sandbox-receive.service';
import { SandboxUmaController } from '@transfers/incoming/sandbox-uma.controller';
import { UmaPaymentsController } from '@transfers/incoming/uma-payments.controller';
import { QuoteTransfersController } from '@transfers/quote-transfers/quote-transfers.controller';
import { QuoteTransfersService } from '@transfers/quote-transfers/quote-transfers.service';
import { LedgerPostingsClient } from '@transfers/reports/ledger-postings.client';
import { TransactionsExportController } from '@transfers/reports/transactions-export.controller';
import { TransactionsExportService } from '@transfers/reports/transactions-export.service';
import { TransactionsExportStore } from '@transfers/reports/transactions-export.store';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { RAIL_PROVIDER } from '@transfers/rails/rail.provider';
import { SandboxFundingService } from '@transfers/sandbox/sandbox-funding.service';
import { SettlementRecorder } from '@transfers/rails/settlement-recorder';
import { SettlementWorker } from '@transfers/rails/settlement.worker';
import { TRANSFERS_RETENTION } from '@transfers/retention';
import { SandboxFundingController } from '@transfers/sandbox/sandbox-funding.controller';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { TransactionHistoryService } from '@transfers/transactions/transaction-history.service';
import { TransactionHistoryStore } from '@transfers/transactions/transaction-history.store';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { TransactionsController } from '@transfers/transactions/transactions.controller';
import { TransactionsService } from '@transfers/transactions/transactions.service';
import { TransfersController } from '@transfers/transfers/transfers.controller';
import { TransferFeesClient } from '@transfers/transfers/transfer-fees.client';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';
import { PendingOpener } from '@transfers/transfers/pending-opener';
import { TransfersService } from '@transfers/transfers/transfers.service';
import { TransfersEnvironment } from '@transfers/transfers.environment';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'transfers',
      environment: TransfersEnvironment,
      schema: TRANSFERS_SCHEMA,
      retention: TRANSFERS_RETENTION,
      produces: [TRANSACTION_EVENTS],
      consumes: [APPROVAL_ANSWERS],
    }),
    TypeOrmModule.forFeature([Transaction]),
  ],
  controllers: [
    TransfersController,
    SandboxFundingController,
    TransactionsController,
    QuoteTransfersController,
    SandboxUmaController,
    UmaPaymentsController,
    ApprovalsController,
    ApprovalAnswerConsumer,
    TransactionsExportController,
  ],
  providers: [
    LedgerClient,
    ExternalAccountsClient,
    CustomerReadinessClient,
    TransferFeesClient,
    TransactionStore,
    RailAttemptsStore,
    TransactionsService,
    TransactionHistoryStore,
    TransactionHistoryService,
    ListCountsWorker,
    TransfersService,
    OutgoingSender,
    PendingOpener,
    RAIL_PROVIDER,
    SandboxFundingService,
    QuoteTransfersService,
    SettlementRecorder,
    SettlementWorker,
    IncomingRecipientsClient,
    IncomingApprovalsStore,
    ApprovalDecisions,
    ApprovalsService,
    SandboxReceiveService,
    IncomingPayments,
    ApprovalDeadlineWorker,
    LedgerPostingsClient,
    TransactionsExportStore,
    TransactionsExportService,
  ],
})
export class AppModule {}
