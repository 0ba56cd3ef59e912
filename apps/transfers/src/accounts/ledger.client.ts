import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiException, Caller, CallerAssertions, ErrorBody, InternalApi, scopeKey } from '@payments/http';
import { KeyedGroupCommit } from '@payments/persistence';
import { BoundedCache } from '@payments/runtime';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/**
 * What never changes about an internal account: its owner (`customerId` null for the platform's own
 * accounts) and its currency. The ledger also reports the balance, which a transfer never reads: the
 * RESERVE is what checks it.
 */
export interface LedgerAccount {
  id: string;
  customerId: string | null;
  platformCustomerId: string | null;
  currency: string;
}

/** Bounds the memory of the account cache; the oldest entry makes room for a new one. */
const MAX_CACHED_ACCOUNTS = 50_000;

/**
 * One ledger call of a caller at a time; the postings that arrive meanwhile go in the next one.
 * A call the ledger refuses as a whole (for one posting it cannot even read) goes again in halves
 * until that posting is alone, so that only its request is refused, as every group commit does.
 */
const POSTING_BATCHING = { maxBatch: 200, maxInFlight: 1 };

/**
 * DEPOSIT credits an account; RESERVE holds funds for an outgoing transfer (refused with
 * INSUFFICIENT_BALANCE); SETTLE completes a reserve (the money leaves); RELEASE returns it.
 */
export type PostingKind = 'DEPOSIT' | 'RESERVE' | 'SETTLE' | 'RELEASE';

export interface Posting {
  /** API id of the transaction; with `kind`, the ledger's idempotency key. */
  transactionId: string;
  kind: PostingKind;
  accountId: string;
  amount: number;
  currency: string;
  /** SETTLE only: the parts of `amount` that go to the platform's and the service's fee accounts. */
  platformFee?: number;
  serviceFee?: number;
}

interface CallerPosting {
  caller: Caller;
  posting: Posting;
}

/** The ledger's internal API. Every posting is idempotent per (transactionId, kind), so a retry is always safe. */
@Injectable()
export class LedgerClient extends InternalApi {
  /** Keyed by platform, environment and account id: the ledger answers each caller for its own accounts only. */
  private readonly accounts = new BoundedCache<LedgerAccount>(MAX_CACHED_ACCOUNTS);
  /**
   * The postings of concurrent requests, one ledger call for many: the ledger applies a batch in
   * one database transaction either way, and each call costs both apps an HTTP request. A batch
   * goes on behalf of its first request, whose id the ledger's log lines then carry.
   */
  private readonly postings = new KeyedGroupCommit<CallerPosting, ApiException | undefined>(
    (items) =>
      this.postAll(
        items[0].caller,
        items.map(({ posting }) => posting),
      ),
    POSTING_BATCHING,
  );

  constructor(config: ConfigService<TransfersEnvironment, true>, assertions: CallerAssertions) {
    super('ledger', config.get('LEDGER_URL', { infer: true }), assertions);
  }

  /**
   * 404 ACCOUNT_NOT_FOUND for an unknown account or one of another platform or environment. An
   * account found is remembered, since nothing of it that a transfer reads can change: a transfer
   * then costs the ledger its postings only.
   */
  account(caller: Caller, accountId: string): Promise<LedgerAccount> {
    return this.accounts.get(scopeKey(caller, accountId), async () => {
      const { id, customerId, platformCustomerId, currency } = await this.client.get<LedgerAccount>(
        caller,
        `/internal/accounts/${encodeURIComponent(accountId)}`,
      );
      return { id, customerId, platformCustomerId, currency };
    });
  }

  /**
   * The customer's internal account in `currency`: one per customer and currency (docs/api.md, "Customers"), so
   * it is the primary one. 404 ACCOUNT_NOT_FOUND when the ledger has not opened it.
   */
  async customerAccount(caller: Caller, customerId: string, currency: string): Promise<LedgerAccount> {
    const query = new URLSearchParams({ customerId, currency });
    const { data } = await this.client.get<{ data: { id: string }[] }>(
      caller,
      `/customers/internal-accounts?${query}`,
    );
    if (data.length === 0) {
      throw new ApiException(
        'ACCOUNT_NOT_FOUND',
        `Customer ${customerId} has no internal account in ${currency} yet: use a currency the platform offers its customers`,
      );
    }
    return this.account(caller, data[0].id);
  }

  /** The account as the public API shows it, balance included. */
  view(caller: Caller, accountId: string): Promise<Record<string, unknown>> {
    return this.client.get(caller, `/internal/accounts/${encodeURIComponent(accountId)}/view`);
  }

  /** Refused as the ledger refuses it; applied together with the postings of concurrent requests. */
  async post(caller: Caller, posting: Posting): Promise<void> {
    const refusal = await this.postings.add(scopeKey(caller), { caller, posting });
    if (refusal) throw refusal;
  }

  /**
   * Many postings of one caller in one ledger call and database transaction, applied in their
   * order. Answers, in that order, the refusal of each posting refused, and undefined for each one
   * applied now or before.
   */
  async postAll(caller: Caller, postings: Posting[]): Promise<(ApiException | undefined)[]> {
    const { results } = await this.client.post<{ results: { error?: ErrorBody }[] }>(
      caller,
      '/internal/postings/batch',
      { postings },
    );
    return results.map((result) => (result.error ? ApiException.fromBody(result.error) : undefined));
  }
}
