import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BALANCE_EVENTS, CUSTOMER_EVENTS, PLATFORM_EVENTS } from '@payments/contracts';
import { serviceFoundation } from '@payments/messaging';
import { ListCountsWorker } from '@payments/persistence';
import { AccountLookupController } from '@ledger/accounts/account-lookup.controller';
import { AccountOpeningConsumer } from '@ledger/accounts/account-opening.consumer';
import { LedgerAccount } from '@ledger/accounts/account.entity';
import { InternalAccountsController } from '@ledger/accounts/internal-accounts.controller';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';
import { SystemAccountsService } from '@ledger/accounts/system-accounts.service';
import { SystemAccountsStore } from '@ledger/accounts/system-accounts.store';
import { LEDGER_SCHEMA } from '@ledger/database';
import { LedgerInvariantWorker } from '@ledger/invariants/ledger-invariant.worker';
import { LedgerInvariantStore } from '@ledger/invariants/ledger-invariant.store';
import { LedgerEnvironment } from '@ledger/ledger.environment';
import { LedgerPostingsController } from '@ledger/postings/ledger-postings.controller';
import { LedgerPostingsService } from '@ledger/postings/ledger-postings.service';
import { LedgerPostingsStore } from '@ledger/postings/ledger-postings.store';
import { PostingsController } from '@ledger/postings/postings.controller';
import { PostingsService } from '@ledger/postings/postings.service';
import { PostingsStore } from '@ledger/postings/postings.store';
import { BalancesReportController } from '@ledger/reports/balances-report.controller';
import { BalancesReportService } from '@ledger/reports/balances-report.service';
import { LedgerReportStore } from '@ledger/reports/ledger-report.store';
import { TransactionPostingsController } from '@ledger/reports/transaction-postings.controller';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'ledger',
      environment: LedgerEnvironment,
      schema: LEDGER_SCHEMA,
      produces: [BALANCE_EVENTS],
      consumes: [CUSTOMER_EVENTS, PLATFORM_EVENTS],
    }),
    TypeOrmModule.forFeature([LedgerAccount]),
  ],
  controllers: [
    InternalAccountsController,
    AccountLookupController,
    PostingsController,
    AccountOpeningConsumer,
    BalancesReportController,
    TransactionPostingsController,
    LedgerPostingsController,
  ],
  providers: [
    InternalAccountsService,
    SystemAccountsStore,
    SystemAccountsService,
    PostingsStore,
    PostingsService,
    ListCountsWorker,
    LedgerReportStore,
    BalancesReportService,
    LedgerPostingsStore,
    LedgerPostingsService,
    LedgerInvariantStore,
    LedgerInvariantWorker,
  ],
})
export class AppModule {}
