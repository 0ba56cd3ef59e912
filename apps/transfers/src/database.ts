import { EventHistory1766400000000, SchemaOptions } from '@payments/persistence';
import { TransfersInitial1763700000000 } from '@transfers/migrations/1763700000000-transfers-initial';
import { QuoteTransactions1764100000000 } from '@transfers/migrations/1764100000000-quote-transactions';
import { Parking1764500000000 } from '@transfers/migrations/1764500000000-parking';
import { RailAttemptLeases1764700000000 } from '@transfers/migrations/1764700000000-rail-attempt-leases';
import { IncomingPayments1764800000000 } from '@transfers/migrations/1764800000000-incoming-payments';
import { UmaDestinations1764810000000 } from '@transfers/migrations/1764810000000-uma-destinations';
import { AwaitedPayments1764900000000 } from '@transfers/migrations/1764900000000-awaited-payments';
import { SenderFunding1764910000000 } from '@transfers/migrations/1764910000000-sender-funding';
import { FinishedRailAttempts1764920000001 } from '@transfers/migrations/1764920000001-finished-rail-attempts';
import { ListIndexes1765000000000 } from '@transfers/migrations/1765000000000-list-indexes';
import { TransactionCounts1765000000001 } from '@transfers/migrations/1765000000001-transaction-counts';
import { CreationOrder1765000000002 } from '@transfers/migrations/1765000000002-creation-order';
import { UmaLinkParties1765000000003 } from '@transfers/migrations/1765000000003-uma-link-parties';
import { ExportIndexes1766300000000 } from '@transfers/migrations/1766300000000-export-indexes';
import { RailAttemptTraceContext1766500000000 } from '@transfers/migrations/1766500000000-rail-attempt-trace-context';
import { RailAnswersLater1767100000000 } from '@transfers/migrations/1767100000000-rail-answers-later';
import { Transaction } from '@transfers/transactions/transaction.entity';

export const TRANSFERS_SCHEMA: SchemaOptions = {
  schema: 'transfers',
  entities: [Transaction],
  migrations: [
    TransfersInitial1763700000000,
    QuoteTransactions1764100000000,
    Parking1764500000000,
    RailAttemptLeases1764700000000,
    IncomingPayments1764800000000,
    UmaDestinations1764810000000,
    AwaitedPayments1764900000000,
    SenderFunding1764910000000,
    FinishedRailAttempts1764920000001,
    ListIndexes1765000000000,
    TransactionCounts1765000000001,
    CreationOrder1765000000002,
    UmaLinkParties1765000000003,
    ExportIndexes1766300000000,
    EventHistory1766400000000,
    RailAttemptTraceContext1766500000000,
    RailAnswersLater1767100000000,
  ],
};
