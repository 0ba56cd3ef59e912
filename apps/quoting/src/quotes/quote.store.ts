import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { PlatformScope } from '@payments/http';
import { GroupCommit, inScope } from '@payments/persistence';
import { DataSource, Repository } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { Quote, QuoteStatus } from '@quoting/quotes/quote.entity';
import { QuotingEnvironment } from '@quoting/quoting.environment';

const FILLED_BY_STORE = [
  'seq',
  'status',
  'createdAt',
  'updatedAt',
  'expiresAt',
  'executedAt',
  'executionKey',
  'transactionConfirmed',
] as const;

/** The columns of a new quote; the store fills in status, timestamps and seq. */
export type NewQuote = Omit<Quote, (typeof FILLED_BY_STORE)[number]>;

/** A request to execute a quote, with the Idempotency-Key digest it came with, if any. */
export interface ExecutionClaim {
  id: string;
  executionKey?: string;
}

/** Where a quote ends with its transaction. */
export type QuoteEnd = Extract<QuoteStatus, 'COMPLETED' | 'FAILED'>;

/** A quote that reached its end. */
export interface EndedQuote {
  id: string;
  transactionId: string;
  status: QuoteEnd;
}

const NOW_MS = `date_trunc('milliseconds', now())`;

/** What the expiry sweep takes, through its partial index; a parked quote is left alone. */
const EXPIRED_PENDING = `SELECT id FROM quotes WHERE status = 'PENDING' AND expires_at <= now() AND parked_at IS NULL`;

/** Concurrent requests share statements: one in flight, the requests that arrive meanwhile go next together. */
const REQUEST_BATCHING = { maxBatch: 200, maxInFlight: 1 };

/**
 * Every status change of a quote is one guarded UPDATE (`WHERE status = …`), so that concurrent
 * requests, the expiry sweep and transaction events each apply a change at most once. The request
 * path's inserts, reads and claims are group-committed: under load one statement serves many
 * requests.
 */
@Injectable()
export class QuoteStore {
  private readonly columns: string;
  /** The columns, of the quotes a claim updates (aliased q beside the claims it joins). */
  private readonly claimedColumns: string;
  /** The columns a new quote brings, and the statement that inserts a batch of them. */
  private readonly givenColumns: ColumnMetadata[];
  private readonly insertStatement: string;
  private readonly inserts: GroupCommit<NewQuote, Quote | undefined>;
  private readonly reads: GroupCommit<string, Quote | undefined>;
  private readonly claims: GroupCommit<ExecutionClaim, Quote | undefined>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Quote) readonly repository: Repository<Quote>,
    config: ConfigService<QuotingEnvironment, true>,
  ) {
    const ttlSeconds = config.get('QUOTE_TTL_SECONDS', { infer: true });
    const metadata = dataSource.getMetadata(Quote);
    const columnsOf = (alias: string) =>
      metadata.columns
        .map((column) => `${alias}${column.databaseName} AS "${column.propertyName}"`)
        .join(', ');
    this.columns = columnsOf('');
    this.claimedColumns = columnsOf('q.');
    this.givenColumns = metadata.columns.filter(
      (column) => !(FILLED_BY_STORE as readonly string[]).includes(column.propertyName),
    );
    const names = this.givenColumns.map((column) => column.databaseName).join(', ');
    this.insertStatement = `INSERT INTO quotes (${names}, status, expires_at)
      SELECT ${names}, 'PENDING', ${NOW_MS} + ${Number(ttlSeconds)} * interval '1 second'
        FROM jsonb_populate_recordset(NULL::quotes, $1::jsonb)
      ON CONFLICT (id) DO NOTHING
      RETURNING ${this.columns}`;
    this.inserts = new GroupCommit((quotes) => this.insertAll(quotes), REQUEST_BATCHING);
    this.reads = new GroupCommit((ids) => this.findAll(ids), REQUEST_BATCHING);
    this.claims = new GroupCommit((claims) => this.claimAll(claims), REQUEST_BATCHING);
  }

  /**
   * Stores a new quote PENDING until QUOTE_TTL_SECONDS from now. A quote whose id exists already (a
   * retry of the request that named it) is answered as it stands.
   */
  async insert(quote: NewQuote): Promise<Quote> {
    return (await this.inserts.add(quote)) ?? (await this.find(quote, quote.id))!;
  }

  /** By primary key alone, the scope checked on the row (see inScope). */
  async find(scope: PlatformScope, id: string): Promise<Quote | undefined> {
    return inScope(await this.reads.add(id), scope);
  }

  async findByReference(scope: PlatformScope, reference: string): Promise<Quote | undefined> {
    return inScope(await this.repository.findOneBy({ reference }), scope);
  }

  /**
   * PENDING → PROCESSING unless the quote has expired, recording the request's key; undefined when
   * it was not PENDING or is past expiresAt. The caller has found the quote in its scope.
   */
  claimForExecution(claim: ExecutionClaim): Promise<Quote | undefined> {
    return this.claims.add(claim);
  }

  /** Gives a claimed quote back when the transaction was refused (nothing reserved, nothing created). */
  async releaseClaim(id: string): Promise<void> {
    await this.update(
      `status = 'PENDING', executed_at = NULL, execution_key = NULL`,
      `id = $1 AND status = 'PROCESSING' AND NOT transaction_confirmed`,
      [id],
    );
  }

  /** The transaction exists; recovery no longer needs to ask for it (its first event says the same). */
  async confirmTransaction(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE quotes SET transaction_confirmed = true WHERE id = $1 AND NOT transaction_confirmed`,
      [id],
    );
  }

  /**
   * Follows the quotes of transactions that changed, in one statement: each is confirmed (its
   * transaction exists), and those given an end move to it from PROCESSING, the only status a quote
   * ends from. Answers the quotes that ended.
   */
  async follow(progress: Map<string, QuoteEnd | null>): Promise<EndedQuote[]> {
    if (progress.size === 0) return [];
    const [rows]: [(EndedQuote & { ended: boolean })[]] = await this.dataSource.query(
      `UPDATE quotes q
          SET transaction_confirmed = true,
              status = CASE WHEN q.status = 'PROCESSING' THEN coalesce(p.end_status, q.status) ELSE q.status END,
              updated_at = CASE WHEN q.status = 'PROCESSING' AND p.end_status IS NOT NULL THEN ${NOW_MS} ELSE q.updated_at END
         FROM unnest($1::uuid[], $2::text[]) AS p (transaction_id, end_status)
        WHERE q.transaction_id = p.transaction_id
          AND (NOT q.transaction_confirmed OR (q.status = 'PROCESSING' AND p.end_status IS NOT NULL))
      RETURNING q.id, q.transaction_id AS "transactionId", q.status, q.status = p.end_status AS ended`,
      [[...progress.keys()], [...progress.values()]],
    );
    return rows
      .filter((row) => row.ended)
      .map(({ id, transactionId, status }) => ({ id, transactionId, status }));
  }

  /**
   * Marks every PENDING quote past its expiresAt as EXPIRED (parked ones aside), or just `id` when
   * given. The sweep passes over rows a claim holds (it would lock them in another order than the
   * claim) until its next round.
   */
  expire(id?: string): Promise<Quote[]> {
    return id
      ? this.update(`status = 'EXPIRED'`, `id = $1 AND status = 'PENDING' AND expires_at <= now()`, [id])
      : this.update(`status = 'EXPIRED'`, `id IN (${EXPIRED_PENDING} FOR UPDATE SKIP LOCKED)`, []);
  }

  /** The ids of up to `limit` PENDING quotes past their expiresAt, for expiring them one by one. */
  async expiredPendingIds(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `${EXPIRED_PENDING} ORDER BY expires_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** Executions whose transaction was never confirmed (the request died or timed out), oldest first; parked ones aside. */
  unconfirmedExecutions(olderThanSeconds: number, limit: number): Promise<Quote[]> {
    return this.dataSource.query(
      `SELECT ${this.columns} FROM quotes
        WHERE status = 'PROCESSING' AND NOT transaction_confirmed AND parked_at IS NULL
          AND executed_at < now() - $1 * interval '1 second'
        ORDER BY executed_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
  }

  /** One statement for many quotes: each row's values as a JSON object named by its columns. */
  private async insertAll(quotes: NewQuote[]): Promise<(Quote | undefined)[]> {
    const rows = quotes.map((quote) =>
      Object.fromEntries(
        this.givenColumns.map((column) => [
          column.databaseName,
          quote[column.propertyName as keyof NewQuote],
        ]),
      ),
    );
    const inserted: Quote[] = await this.dataSource.query(this.insertStatement, [JSON.stringify(rows)]);
    const byId = new Map(inserted.map((quote) => [quote.id, quote]));
    return quotes.map((quote) => byId.get(quote.id));
  }

  private async findAll(ids: string[]): Promise<(Quote | undefined)[]> {
    const found: Quote[] = await this.dataSource.query(
      `SELECT ${this.columns} FROM quotes WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(found.map((quote) => [quote.id, quote]));
    return ids.map((id) => byId.get(id));
  }

  /**
   * Claims a batch, its rows locked in id order first so that two batches never lock crosswise. A
   * quote claimed twice in one batch goes to its first claim only, as if the claims had run in turn.
   */
  private async claimAll(claims: ExecutionClaim[]): Promise<(Quote | undefined)[]> {
    const ids = claims.map((claim) => claim.id);
    // One key per quote: a quote's first claim in the batch is the one that takes it.
    const keys = new Map<string, string | null>();
    for (const claim of claims) if (!keys.has(claim.id)) keys.set(claim.id, claim.executionKey ?? null);
    const [rows]: [Quote[]] = await this.dataSource.query(
      `WITH locked AS (SELECT id FROM quotes WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE)
       UPDATE quotes q SET status = 'PROCESSING', executed_at = ${NOW_MS}, updated_at = ${NOW_MS},
              execution_key = c.execution_key
         FROM unnest($1::uuid[], $2::text[]) AS c (id, execution_key)
        WHERE q.id = c.id AND q.status = 'PENDING' AND q.expires_at > now()
          AND (SELECT count(*) FROM locked) >= 0
       RETURNING ${this.claimedColumns}`,
      [[...keys.keys()], [...keys.values()]],
    );
    const claimed = new Map(rows.map((quote) => [quote.id, quote]));
    return ids.map((id) => {
      const quote = claimed.get(id);
      claimed.delete(id);
      return quote;
    });
  }

  private async update(set: string, where: string, parameters: unknown[]): Promise<Quote[]> {
    const [rows] = await this.dataSource.query(
      `UPDATE quotes SET ${set}, updated_at = ${NOW_MS} WHERE ${where} RETURNING ${this.columns}`,
      parameters,
    );
    return rows;
  }
}
