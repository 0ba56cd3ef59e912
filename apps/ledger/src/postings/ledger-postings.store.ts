import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller } from '@payments/http';
import { DataSource } from 'typeorm';
import { ACCOUNT_KINDS, AccountKind } from '@ledger/accounts/account.entity';
import { PostingKind } from '@ledger/postings/posting-rules';

/** One entry of a posting, with its posting and its account's kind; bigint amounts as pg's strings. */
export interface PostedEntryRow {
  posting_id: string;
  kind: PostingKind;
  created_at: Date;
  account_id: string;
  account_kind: AccountKind;
  /** Signed minor units: negative left the account, positive entered it. */
  amount: string;
  currency: string;
}

/** Reads of the postings PostingsService wrote, scoped by the caller's platform and environment. */
@Injectable()
export class LedgerPostingsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The entries of the postings made under `transactionId` (the `Transaction:` id they were posted
   * with), posting after posting in the order the transactions report lists their ids, and within
   * a posting in ACCOUNT_KINDS order, the order of its legs. A posting's scope is its caller's, and
   * every account it moves is of that scope (the internal account is found in it, the system
   * accounts opened for it), so scoping the postings scopes the entries.
   */
  entriesOf(caller: Caller, transactionId: string): Promise<PostedEntryRow[]> {
    return this.dataSource.query(
      `SELECT p.id AS posting_id, p.kind, p.created_at, e.account_id, a.kind AS account_kind, e.amount, e.currency
         FROM postings p
         JOIN entries e ON e.posting_id = p.id
         JOIN accounts a ON a.id = e.account_id
        WHERE p.transaction_id = $1 AND p.platform_id = $2 AND p.environment = $3
        ORDER BY p.created_at, p.id, array_position($4::text[], a.kind)`,
      [transactionId, caller.platformId, caller.environment, ACCOUNT_KINDS],
    );
  }
}
