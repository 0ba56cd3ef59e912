import { CountedList } from '@payments/persistence';

/**
 * GET /tokens counted with the writes: the live tokens, and per name. A change here needs a
 * migration that recreates the counting triggers.
 */
export const TOKEN_LIST: CountedList = {
  table: 'api_tokens',
  listed: 'deleted_at IS NULL',
  dimensions: { name: 'name' },
};
