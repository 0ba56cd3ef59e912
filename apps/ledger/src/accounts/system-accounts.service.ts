import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Environment } from '@payments/contracts';
import { scopeKey } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SystemAccountKind } from '@ledger/accounts/account.entity';

/** The platform, environment and currency a set of system accounts serves. */
export interface AccountScope {
  platformId: string;
  environment: Environment;
  currency: string;
}

/**
 * Opens system accounts on first use and remembers their ids. They are opened in a statement of
 * their own, before the posting's transaction, so that transaction never waits on another one's
 * uncommitted account; and as they are never closed, a remembered id stays valid.
 */
@Injectable()
export class SystemAccountsService {
  private readonly known = new Map<string, string>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async idsOf(scope: AccountScope, kinds: SystemAccountKind[]): Promise<Map<SystemAccountKind, string>> {
    const missing = kinds.filter((kind) => !this.known.has(keyOf(scope, kind)));
    if (missing.length > 0) await this.open(scope, missing);
    return new Map(kinds.map((kind) => [kind, this.known.get(keyOf(scope, kind))!]));
  }

  private async open(scope: AccountScope, kinds: SystemAccountKind[]): Promise<void> {
    const { platformId, environment, currency } = scope;
    await this.dataSource.query(
      `INSERT INTO accounts (id, kind, platform_id, environment, currency)
         SELECT id, kind, $2, $3, $4 FROM unnest($1::uuid[], $5::text[]) AS opened (id, kind)
       ON CONFLICT DO NOTHING`,
      [kinds.map(() => randomUUID()), platformId, environment, currency, kinds],
    );
    const rows: { id: string; kind: SystemAccountKind }[] = await this.dataSource.query(
      `SELECT id, kind FROM accounts
        WHERE platform_id = $1 AND environment = $2 AND currency = $3 AND kind = ANY($4::text[])`,
      [platformId, environment, currency, kinds],
    );
    for (const row of rows) this.known.set(keyOf(scope, row.kind), row.id);
  }
}

function keyOf(scope: AccountScope, kind: SystemAccountKind): string {
  return scopeKey(scope, scope.currency, kind);
}
