import { PlatformScope } from '@payments/http';
import {
  NewReceiverLookup,
  ReceiverLookup,
  ReceiverLookupStore,
} from '@quoting/receivers/receiver-lookup.store';

/**
 * The receiver lookups' rows in memory, behind ReceiverLookupStore's methods: a lookup expires
 * `ttlSeconds` (QUOTE_TTL_SECONDS) after its insert by the test's clock (jest's fake timers move it). The store's
 * SQL has its own spec on Postgres (receiver-lookup.store.int-spec.ts).
 */
export class LookupRows implements Pick<ReceiverLookupStore, 'insert' | 'find'> {
  readonly stored = new Map<string, ReceiverLookup>();

  constructor(private readonly ttlSeconds: number) {}

  async insert(lookup: NewReceiverLookup): Promise<ReceiverLookup> {
    const row = { ...lookup, expiresAt: new Date(Date.now() + this.ttlSeconds * 1_000) };
    this.stored.set(row.id, row);
    return { ...row };
  }

  async find(scope: PlatformScope, id: string): Promise<(ReceiverLookup & { expired: boolean }) | undefined> {
    const row = this.stored.get(id);
    return row?.platformId === scope.platformId && row.environment === scope.environment
      ? { ...row, expired: row.expiresAt.getTime() <= Date.now() }
      : undefined;
  }
}
