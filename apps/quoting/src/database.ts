import { SchemaOptions } from '@payments/persistence';
import { QuotingInitial1763700000000 } from '@quoting/migrations/1763700000000-quoting-initial';
import { Quotes1764100000000 } from '@quoting/migrations/1764100000000-quotes';
import { Quote } from '@quoting/quotes/quote.entity';

export const QUOTING_SCHEMA: SchemaOptions = {
  schema: 'quoting',
  entities: [Quote],
  migrations: [QuotingInitial1763700000000, Quotes1764100000000],
};
