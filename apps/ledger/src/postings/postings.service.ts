import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Environment } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';
import { toJsonAmount } from '@ledger/accounts/minor-units';
import { SystemAccountsService } from '@ledger/accounts/system-accounts.service';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';
import {
  assertClosable,
  assertFees,
  assertInternalBalance,
  closesReservation,
  internalChangeOf,
  legsOf,
  PostingKind,
  PostingTerms,
  sameTerms,
  StoredPosting,
  systemAccountsOf,
} from '@ledger/postings/posting-rules';

export interface PostingView {
  postingId: string;
  transactionId: string;
  kind: PostingKind;
  /** The internal account's balance once the posting applied, in minor units. */
  balance: number;
}

export interface PostingOutcome {
  posting: PostingView;
  /** False when the (transactionId, kind) was already posted and this is its first result again. */
  created: boolean;
}

interface PostingRow {
  id: string;
  transaction_id: string;
  kind: PostingKind;
  platform_id: string;
  environment: Environment;
  internal_account_id: string;
  amount: string;
  currency: string;
  balance_after: string;
}

/**
 * Double-entry postings. Concurrency rests on one rule: a posting first locks its internal account,
 * then claims its (transactionId, kind) key, then locks its system accounts in ACCOUNT_KINDS order.
 * So a duplicate waits for the first request and finds its key taken; a SETTLE and a RELEASE of one
 * reservation (which names that account) run one after the other; the balance check reads a
 * balance nobody else can change before commit; and no two postings wait on each other in a cycle.
 */
@Injectable()
export class PostingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: InternalAccountsService,
    private readonly systemAccounts: SystemAccountsService,
  ) {}

  async post(caller: Caller, body: CreatePostingDto): Promise<PostingOutcome> {
    const account = await this.accounts.find(caller, body.accountId);
    if (account.currency !== body.currency) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `Account ${body.accountId} holds ${account.currency}, not ${body.currency}`,
      );
    }
    const terms: PostingTerms = {
      platformId: caller.platformId,
      environment: caller.environment,
      internalAccountId: account.id,
      amount: BigInt(body.amount),
      currency: account.currency,
    };
    const fees = { platform: BigInt(body.platformFee ?? 0), service: BigInt(body.serviceFee ?? 0) };
    assertFees(body.kind, terms.amount, fees);
    const legs = legsOf(body.kind, terms.amount, fees);
    const systemIds = await this.systemAccounts.idsOf(terms, systemAccountsOf(legs));
    const entries = legs.map((leg) => ({
      accountId: leg.account === 'INTERNAL' ? account.id : systemIds.get(leg.account)!,
      amount: leg.amount,
    }));

    return this.dataSource.transaction(async (manager) => {
      const [{ balance }] = await manager.query(
        `SELECT balance FROM accounts WHERE id = $1 FOR NO KEY UPDATE`,
        [account.id],
      );
      const balanceAfter = BigInt(balance) + internalChangeOf(legs);
      const posting: StoredPosting = {
        id: randomUUID(),
        transactionId: body.transactionId,
        kind: body.kind,
        ...terms,
        balanceAfter,
      };
      if (!(await this.claim(manager, posting))) return this.replay(manager, posting);

      // Refusals throw, which rolls the claim back with everything else.
      if (closesReservation(posting.kind)) {
        assertClosable(posting, await this.postingsOf(manager, posting.transactionId));
      }
      assertInternalBalance(balanceAfter);
      // In lock order: the internal account, then the system accounts every posting of the platform
      // shares, so those are held as briefly as possible.
      for (const entry of entries) {
        await manager.query(`UPDATE accounts SET balance = balance + $2, updated_at = now() WHERE id = $1`, [
          entry.accountId,
          entry.amount,
        ]);
      }
      await manager.query(
        `INSERT INTO entries (posting_id, account_id, amount, currency)
           SELECT $1, account_id, amount, $2 FROM unnest($3::uuid[], $4::bigint[]) AS entry (account_id, amount)`,
        [
          posting.id,
          posting.currency,
          entries.map((entry) => entry.accountId),
          entries.map((entry) => entry.amount),
        ],
      );
      return { posting: present(posting), created: true };
    });
  }

  /** Inserts the posting unless its (transactionId, kind) exists; a concurrent insert of it is waited for. */
  private async claim(manager: EntityManager, posting: StoredPosting): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO postings
         (id, transaction_id, kind, platform_id, environment, internal_account_id, amount, currency, balance_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (transaction_id, kind) DO NOTHING
       RETURNING id`,
      [
        posting.id,
        posting.transactionId,
        posting.kind,
        posting.platformId,
        posting.environment,
        posting.internalAccountId,
        posting.amount,
        posting.currency,
        posting.balanceAfter,
      ],
    );
    return inserted.length > 0;
  }

  /** The first result of a repeated request; the same key with other terms is a conflict. */
  private async replay(manager: EntityManager, request: StoredPosting): Promise<PostingOutcome> {
    const existing = (await this.postingsOf(manager, request.transactionId)).find(
      (posting) => posting.kind === request.kind,
    );
    if (!existing || !sameTerms(existing, request)) {
      throw new ApiException(
        'CONFLICT',
        `Transaction ${request.transactionId} already has a ${request.kind} posting with other terms`,
      );
    }
    return { posting: present(existing), created: false };
  }

  private async postingsOf(manager: EntityManager, transactionId: string): Promise<StoredPosting[]> {
    const rows: PostingRow[] = await manager.query(
      `SELECT id, transaction_id, kind, platform_id, environment, internal_account_id, amount, currency, balance_after
         FROM postings WHERE transaction_id = $1`,
      [transactionId],
    );
    return rows.map((row) => ({
      id: row.id,
      transactionId: row.transaction_id,
      kind: row.kind,
      platformId: row.platform_id,
      environment: row.environment,
      internalAccountId: row.internal_account_id,
      amount: BigInt(row.amount),
      currency: row.currency,
      balanceAfter: BigInt(row.balance_after),
    }));
  }
}

function present(posting: StoredPosting): PostingView {
  return {
    postingId: posting.id,
    transactionId: posting.transactionId,
    kind: posting.kind,
    balance: toJsonAmount(posting.balanceAfter),
  };
}
