import { Injectable } from '@nestjs/common';
import { BALANCE_EVENTS, uuidOf } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { LedgerAccount } from '@ledger/accounts/account.entity';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';
import { toJsonAmount } from '@ledger/accounts/minor-units';
import { SystemAccountsService } from '@ledger/accounts/system-accounts.service';
import { AccountHolder, balanceEventsOf, BalanceMove } from '@ledger/postings/balance-events';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';
import {
  balanceRefusal,
  closesReservation,
  closingRefusal,
  feesRefusal,
  internalChangeOf,
  legsOf,
  PostingKind,
  PostingRefusal,
  PostingTerms,
  repeatRefusal,
  StoredPosting,
  systemAccountsOf,
} from '@ledger/postings/posting-rules';
import { AcceptedPosting, LostClaim, PostingsStore } from '@ledger/postings/postings.store';

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

/** One posting of a batch: applied (or found applied before), or refused on its own. */
export type PostingResult = PostingOutcome | ApiException;

/** A posting whose accounts are known and whose amounts are valid, not yet weighed against balances. */
interface PreparedPosting {
  transactionId: string;
  kind: PostingKind;
  terms: PostingTerms;
  /** How the posting changes its internal account's balance: zero for a SETTLE. */
  internalChange: bigint;
  entries: AcceptedPosting['entries'];
  holder: AccountHolder;
}

/** An accepted posting: what is written, and the balance move its event reports. */
type Accepted = AcceptedPosting & BalanceMove;

/** A posting's outcome within the batch's transaction: a refusal until it leaves the service. */
type Decision = PostingOutcome | PostingRefusal;

/** Runs of a batch that lost a claim to a concurrent request; the next run sees that request's posting. */
const CLAIM_ATTEMPTS = 3;

/**
 * Double-entry postings. Concurrency rests on one rule: a batch first locks its internal accounts
 * (in id order), then claims its (transactionId, kind) keys, then locks its system accounts in
 * ACCOUNT_KINDS order. So a duplicate waits for the first request and finds its key taken; a SETTLE
 * and a RELEASE of one reservation (which names that account) run one after the other; the balance
 * check reads a balance nobody else can change before commit; and no two batches wait on each other
 * in a cycle. A single posting is a batch of one.
 */
@Injectable()
export class PostingsService {
  constructor(
    private readonly store: PostingsStore,
    private readonly accounts: InternalAccountsService,
    private readonly systemAccounts: SystemAccountsService,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Applies the postings in their order, in one database transaction of a fixed number of
   * statements however many they are; each is accepted or refused on its own, and a later one sees
   * the balances the earlier ones left.
   */
  async postAll(caller: Caller, bodies: CreatePostingDto[]): Promise<PostingResult[]> {
    const prepared = await this.prepare(caller, bodies);
    for (let attempt = 1; ; attempt++) {
      try {
        const decisions = await this.store.transaction((manager) =>
          this.apply(manager, prepared, caller.requestId),
        );
        return decisions.map((decision) =>
          isRefusal(decision) ? new ApiException(decision.code, decision.message) : decision,
        );
      } catch (error) {
        if (!(error instanceof LostClaim) || attempt === CLAIM_ATTEMPTS) throw error;
      }
    }
  }

  /** Finds each posting's accounts, in one query for all, and checks what needs no balance. */
  private async prepare(
    caller: Caller,
    bodies: CreatePostingDto[],
  ): Promise<(PreparedPosting | PostingRefusal)[]> {
    const internal = await this.accounts.findAll(
      caller,
      bodies.map((body) => body.accountId),
    );
    const prepared: (PreparedPosting | PostingRefusal)[] = [];
    for (const body of bodies) {
      prepared.push(
        await this.prepareOne(caller, body, internal.get(uuidOf('InternalAccount', body.accountId) ?? '')),
      );
    }
    return prepared;
  }

  /** Refuses an unknown account, another currency or fees out of place; finds the system accounts. */
  private async prepareOne(
    caller: Caller,
    body: CreatePostingDto,
    account: LedgerAccount | undefined,
  ): Promise<PreparedPosting | PostingRefusal> {
    if (!account)
      return { code: 'ACCOUNT_NOT_FOUND', message: `Internal account ${body.accountId} not found` };
    if (account.currency !== body.currency) {
      return {
        code: 'INVALID_CURRENCY',
        message: `Account ${body.accountId} holds ${account.currency}, not ${body.currency}`,
      };
    }
    const terms: PostingTerms = {
      platformId: caller.platformId,
      environment: caller.environment,
      internalAccountId: account.id,
      amount: BigInt(body.amount),
      currency: account.currency,
    };
    const fees = { platform: BigInt(body.platformFee ?? 0), service: BigInt(body.serviceFee ?? 0) };
    const feesRefused = feesRefusal(body.kind, terms.amount, fees);
    if (feesRefused) return feesRefused;
    const legs = legsOf(body.kind, terms.amount, fees);
    const systemIds = await this.systemAccounts.idsOf(terms, systemAccountsOf(legs));
    return {
      transactionId: body.transactionId,
      kind: body.kind,
      terms,
      internalChange: internalChangeOf(legs),
      entries: legs.map((leg) => ({
        accountId: leg.account === 'INTERNAL' ? account.id : systemIds.get(leg.account)!,
        amount: leg.amount,
      })),
      holder: { customerId: account.customerId, platformCustomerId: account.platformCustomerId },
    };
  }

  /** Decides each posting under its account's lock, then writes the accepted ones with their events. */
  private async apply(
    manager: EntityManager,
    prepared: (PreparedPosting | PostingRefusal)[],
    requestId: string | undefined,
  ): Promise<Decision[]> {
    const postings = prepared.filter((item): item is PreparedPosting => !isRefusal(item));
    if (postings.length === 0) return prepared as PostingRefusal[];
    const balances = await this.store.lockInternalAccounts(
      manager,
      postings.map((posting) => posting.terms.internalAccountId),
    );
    const byTransaction = await this.store.postingsOf(
      manager,
      postings.map((posting) => posting.transactionId),
    );
    const accepted: Accepted[] = [];
    const decisions = prepared.map((item) =>
      isRefusal(item) ? item : decide(item, balances, byTransaction, accepted),
    );
    if (accepted.length > 0) {
      const events = this.outbox.rowsOf(BALANCE_EVENTS, balanceEventsOf(accepted), requestId);
      await this.store.write(manager, accepted, events);
    }
    return decisions;
  }
}

/**
 * Accepts or refuses one posting against the balances and postings so far, which it then updates: a
 * repeated key answers its first result (or a conflict, with other terms); a closing posting needs
 * its open reservation; no internal account may go below zero.
 */
function decide(
  prepared: PreparedPosting,
  balances: Map<string, bigint>,
  byTransaction: Map<string, StoredPosting[]>,
  accepted: Accepted[],
): Decision {
  const { transactionId, kind, terms, internalChange, entries, holder } = prepared;
  const balanceBefore = balances.get(terms.internalAccountId)!;
  const posting: StoredPosting = {
    id: randomUUID(),
    transactionId,
    kind,
    ...terms,
    balanceAfter: balanceBefore + internalChange,
  };
  const ofTransaction = byTransaction.get(transactionId) ?? [];
  const earlier = ofTransaction.find((other) => other.kind === kind);
  if (earlier) return repeatRefusal(earlier, posting) ?? { posting: present(earlier), created: false };
  const refused =
    (closesReservation(kind) ? closingRefusal(posting, ofTransaction) : undefined) ??
    balanceRefusal(balanceBefore, posting.balanceAfter);
  if (refused) return refused;
  balances.set(terms.internalAccountId, posting.balanceAfter);
  byTransaction.set(transactionId, [...ofTransaction, posting]);
  accepted.push({ posting, entries, holder, balanceBefore });
  return { posting: present(posting), created: true };
}

function isRefusal<T extends object>(item: T | PostingRefusal): item is PostingRefusal {
  return 'code' in item;
}

function present(posting: StoredPosting): PostingView {
  return {
    postingId: posting.id,
    transactionId: posting.transactionId,
    kind: posting.kind,
    balance: toJsonAmount(posting.balanceAfter),
  };
}
