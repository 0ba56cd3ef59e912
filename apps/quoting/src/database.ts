import { AuditChanges1766200000000, SchemaOptions } from '@payments/persistence';
import { FeeRule } from '@quoting/fee-rules/fee-rule.entity';
import { QuotingInitial1763700000000 } from '@quoting/migrations/1763700000000-quoting-initial';
import { FeeRules1764000000000 } from '@quoting/migrations/1764000000000-fee-rules';
import { Quotes1764100000000 } from '@quoting/migrations/1764100000000-quotes';
import { FeeRuleAnnouncements1764300000000 } from '@quoting/migrations/1764300000000-fee-rule-announcements';
import { Parking1764500000000 } from '@quoting/migrations/1764500000000-parking';
import { ExecutionKeys1764700000000 } from '@quoting/migrations/1764700000000-execution-keys';
import { ReceiverLookups1764810000000 } from '@quoting/migrations/1764810000000-receiver-lookups';
import { QuoteCounterpartyInformation1764810000001 } from '@quoting/migrations/1764810000001-quote-counterparty-information';
import { ListIndexes1765000000000 } from '@quoting/migrations/1765000000000-list-indexes';
import { QuoteCounts1765000000001 } from '@quoting/migrations/1765000000001-quote-counts';
import { CreationOrder1765000000002 } from '@quoting/migrations/1765000000002-creation-order';
import { Quote } from '@quoting/quotes/quote.entity';

export const QUOTING_SCHEMA: SchemaOptions = {
  schema: 'quoting',
  entities: [FeeRule, Quote],
  migrations: [
    QuotingInitial1763700000000,
    FeeRules1764000000000,
    Quotes1764100000000,
    FeeRuleAnnouncements1764300000000,
    Parking1764500000000,
    ExecutionKeys1764700000000,
    ReceiverLookups1764810000000,
    QuoteCounterpartyInformation1764810000001,
    ListIndexes1765000000000,
    QuoteCounts1765000000001,
    CreationOrder1765000000002,
    AuditChanges1766200000000,
  ],
};
