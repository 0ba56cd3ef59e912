import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Environment } from '@payments/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SystemAccountKind } from '@ledger/accounts/account.entity';

/** The platform, environment and currency a set of system accounts serves. */
export interface AccountScope {
  platformId: string;
  environment: Environment;
  currency: string;
}

@Injectable()
export class SystemAccountsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Opens the scope's accounts of `kinds` that are not open yet, in one statement outside any
   * transaction, and answers the ids of all of them, opened now or before.
   */
  async open(
    scope: AccountScope,
    kinds: SystemAccountKind[],
  ): Promise<{ id: string; kind: SystemAccountKind }[]> {
    const { platformId, environment, currency } = scope;
    await this.dataSource.query(
      `INSERT INTO accounts (id, kind, platform_id, environment, currency)
         SELECT id, kind, $2, $3, $4 FROM unnest($1::uuid[], $5::text[]) AS opened (id, kind)
       ON CONFLICT DO NOTHING`,
      [kinds.map(() => randomUUID()), platformId, environment, currency, kinds],
    );
    return this.dataSource.query(
      `SELECT id, kind FROM accounts
        WHERE platform_id = $1 AND environment = $2 AND currency = $3 AND kind = ANY($4::text[])`,
      [platformId, environment, currency, kinds],
    );
  }
}
