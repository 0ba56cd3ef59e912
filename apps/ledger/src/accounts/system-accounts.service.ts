import { Injectable } from '@nestjs/common';
import { scopeKey } from '@payments/http';
import { SystemAccountKind } from '@ledger/accounts/account.entity';
import { AccountScope, SystemAccountsStore } from '@ledger/accounts/system-accounts.store';

/**
 * Opens system accounts on first use and remembers their ids. They are opened in a statement of
 * their own, before the posting's transaction, so that transaction never waits on another one's
 * uncommitted account; and as they are never closed, a remembered id stays valid.
 */
@Injectable()
export class SystemAccountsService {
  private readonly known = new Map<string, string>();

  constructor(private readonly store: SystemAccountsStore) {}

  async idsOf(scope: AccountScope, kinds: SystemAccountKind[]): Promise<Map<SystemAccountKind, string>> {
    const missing = kinds.filter((kind) => !this.known.has(keyOf(scope, kind)));
    if (missing.length > 0) {
      for (const row of await this.store.open(scope, missing)) this.known.set(keyOf(scope, row.kind), row.id);
    }
    return new Map(kinds.map((kind) => [kind, this.known.get(keyOf(scope, kind))!]));
  }
}

function keyOf(scope: AccountScope, kind: SystemAccountKind): string {
  return scopeKey(scope, scope.currency, kind);
}
