import { e2eStack } from '@payments/testing';
import { Pool } from 'pg';

/** The dispatcher's tables in the e2e database, for asserting what it recorded. */
export function webhooksDatabase(): Pool {
  return new Pool({ connectionString: e2eStack().databaseUrl, max: 2, options: '-c search_path=webhooks' });
}
