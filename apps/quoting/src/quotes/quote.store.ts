import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { PlatformScope } from '@payments/http';
import { DataSource, Repository } from 'typeorm';
import { Quote, QuoteStatus } from '@quoting/quotes/quote.entity';

/** The columns of a new quote; the store fills in status, timestamps and seq. */
export type NewQuote = Omit<
  Quote,
  'seq' | 'status' | 'createdAt' | 'updatedAt' | 'expiresAt' | 'executedAt' | 'transactionConfirmed'
>;

const NOW_MS = `date_trunc('milliseconds', now())`;

/**
 * Every status change of a quote is one guarded UPDATE (`WHERE status = …`), so that concurrent
 * requests, the expiry sweep and transaction events each apply a change at most once.
 */
@Injectable()
export class QuoteStore {
  private readonly columns: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Quote) readonly repository: Repository<Quote>,
  ) {
    this.columns = dataSource
      .getMetadata(Quote)
      .columns.map((column) => `${column.databaseName} AS "${column.propertyName}"`)
      .join(', ');
  }

  async insert(quote: NewQuote, ttlSeconds: number): Promise<Quote> {
    const saved = await this.repository
      .createQueryBuilder()
      .insert()
      .values({
        ...quote,
        status: 'PENDING',
        expiresAt: () => `${NOW_MS} + ${Number(ttlSeconds)} * interval '1 second'`,
      })
      .returning(this.columns)
      .execute();
    return saved.raw[0];
  }

  /**
   * By primary key alone, the scope checked on the row: without table statistics (autovacuum is off
   * on some servers) Postgres answers `id = … AND platform_id = …` from the scope index, reading
   * every quote of the platform.
   */
  async find(scope: PlatformScope, id: string): Promise<Quote | null> {
    const quote = await this.repository.findOneBy({ id });
    return quote?.platformId === scope.platformId && quote.environment === scope.environment ? quote : null;
  }

  findByReference(scope: PlatformScope, reference: string): Promise<Quote | null> {
    return this.repository.findOneBy({
      reference,
      platformId: scope.platformId,
      environment: scope.environment,
    });
  }

  /** PENDING → PROCESSING unless the quote has expired; null when it was not PENDING or is past expiresAt. */
  async claimForExecution(id: string): Promise<Quote | null> {
    return this.update(
      `status = 'PROCESSING', executed_at = ${NOW_MS}`,
      `id = $1 AND status = 'PENDING' AND expires_at > now()`,
      [id],
    ).then((rows) => rows[0] ?? null);
  }

  /** Gives a claimed quote back when the transaction was refused (nothing reserved, nothing created). */
  async releaseClaim(id: string): Promise<void> {
    await this.update(
      `status = 'PENDING', executed_at = NULL`,
      `id = $1 AND status = 'PROCESSING' AND NOT transaction_confirmed`,
      [id],
    );
  }

  /** The transaction exists; recovery no longer needs to ask for it. */
  async confirmTransaction(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE quotes SET transaction_confirmed = true WHERE id = $1 AND NOT transaction_confirmed`,
      [id],
    );
  }

  /** The same, found by the transactions that transaction events name. */
  async confirmTransactionsOf(transactionIds: string[]): Promise<void> {
    if (transactionIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE quotes SET transaction_confirmed = true WHERE transaction_id = ANY($1::uuid[]) AND NOT transaction_confirmed`,
      [transactionIds],
    );
  }

  /** Follows the quotes' transactions to their end; a quote must be PROCESSING. */
  async finish(transactionIds: string[], to: Extract<QuoteStatus, 'COMPLETED' | 'FAILED'>): Promise<Quote[]> {
    if (transactionIds.length === 0) return [];
    return this.update(
      `status = $2, transaction_confirmed = true`,
      `transaction_id = ANY($1::uuid[]) AND status = 'PROCESSING'`,
      [transactionIds, to],
    );
  }

  /** Marks every PENDING quote past its expiresAt as EXPIRED, or just `id` when given. */
  expire(id?: string): Promise<Quote[]> {
    return id
      ? this.update(`status = 'EXPIRED'`, `id = $1 AND status = 'PENDING' AND expires_at <= now()`, [id])
      : this.update(`status = 'EXPIRED'`, `status = 'PENDING' AND expires_at <= now()`, []);
  }

  /** Executions whose transaction was never confirmed (the request died or timed out), oldest first. */
  unconfirmedExecutions(olderThanSeconds: number, limit: number): Promise<Quote[]> {
    return this.dataSource.query(
      `SELECT ${this.columns} FROM quotes
        WHERE status = 'PROCESSING' AND NOT transaction_confirmed AND executed_at < now() - $1 * interval '1 second'
        ORDER BY executed_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
  }

  private async update(set: string, where: string, parameters: unknown[]): Promise<Quote[]> {
    const [rows] = await this.dataSource.query(
      `UPDATE quotes SET ${set}, updated_at = ${NOW_MS} WHERE ${where} RETURNING ${this.columns}`,
      parameters,
    );
    return rows;
  }
}
