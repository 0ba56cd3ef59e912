import { LedgerAccount } from '@ledger/accounts/account.entity';
import { SchemaOptions } from '@payments/persistence';
import { LedgerInitial1763700000000 } from '@ledger/migrations/1763700000000-ledger-initial';
import { AccountList1765000000000 } from '@ledger/migrations/1765000000000-account-list';
import { ReportIndexes1766300000000 } from '@ledger/migrations/1766300000000-report-indexes';

export const LEDGER_SCHEMA: SchemaOptions = {
  schema: 'ledger',
  entities: [LedgerAccount],
  migrations: [LedgerInitial1763700000000, AccountList1765000000000, ReportIndexes1766300000000],
};
