import { SchemaOptions } from '@payments/persistence';
import { QuotingInitial1763700000000 } from '@quoting/migrations/1763700000000-quoting-initial';

export const QUOTING_SCHEMA: SchemaOptions = {
  schema: 'quoting',
  entities: [],
  migrations: [QuotingInitial1763700000000],
};
