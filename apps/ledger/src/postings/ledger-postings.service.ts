import { Injectable } from '@nestjs/common';
import { toApiId, uuidOf } from '@payments/contracts';
import { Caller } from '@payments/http';
import { toJsonAmount } from '@ledger/accounts/minor-units';
import {
  LedgerEntryView,
  LedgerPostingList,
  LedgerPostingView,
} from '@ledger/postings/dto/ledger-posting.view';
import { LedgerPostingsStore, PostedEntryRow } from '@ledger/postings/ledger-postings.store';

/** GET /ledger/postings?transactionId=…: the postings the ledger made for one of the caller's transactions. */
@Injectable()
export class LedgerPostingsService {
  constructor(private readonly store: LedgerPostingsStore) {}

  /**
   * The ledger knows transactions only by the ids its postings were made under, so an unknown
   * transaction, another platform's or environment's, and one that has moved no money yet all
   * answer an empty list. `transactionId` has been validated as a `Transaction:` id.
   */
  async postingsOf(caller: Caller, transactionId: string): Promise<LedgerPostingList> {
    // The transfers app posts under the uuid as Postgres returns it, in lower case.
    const postedUnder = toApiId('Transaction', uuidOf('Transaction', transactionId)!);
    return { data: presentPostings(await this.store.entriesOf(caller, postedUnder)) };
  }
}

/** Entries arrive posting after posting: each new posting id starts the next posting. */
function presentPostings(rows: PostedEntryRow[]): LedgerPostingView[] {
  const postings: LedgerPostingView[] = [];
  for (const row of rows) {
    if (postings.at(-1)?.id !== row.posting_id) {
      postings.push({
        id: row.posting_id,
        kind: row.kind,
        postedAt: row.created_at.toISOString(),
        entries: [],
      });
    }
    postings.at(-1)!.entries.push(presentEntry(row));
  }
  return postings;
}

function presentEntry(row: PostedEntryRow): LedgerEntryView {
  const amount = BigInt(row.amount);
  return {
    accountId: toApiId(row.account_kind === 'INTERNAL' ? 'InternalAccount' : 'SystemAccount', row.account_id),
    accountKind: row.account_kind,
    direction: amount < 0n ? 'DEBIT' : 'CREDIT',
    amount: toJsonAmount(amount < 0n ? -amount : amount),
    currency: row.currency,
  };
}
