import { Injectable } from '@nestjs/common';
import { context, Context } from '@opentelemetry/api';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApprovalRequest, TRANSACTION_EVENTS, TransactionStatus } from '@payments/contracts';
import { GroupCommit, Outbox } from '@payments/persistence';
import { ApiException, PlatformScope } from '@payments/http';
import { DataSource, EntityManager } from 'typeorm';
import { assertTransition, hasEnded } from '@transfers/transactions/transaction-state-machine';
import { FailureReason, Transaction } from '@transfers/transactions/transaction.entity';
import {
  INPUT,
  INSERT_TRANSACTIONS,
  NewScheduledTransaction,
} from '@transfers/transactions/transaction-insert';
import { MovedTransaction, statusChanged } from '@transfers/transactions/transaction-events';
import { activeTraceparent } from '@transfers/rails/settlement-tracing';

export type {
  NewScheduledTransaction,
  NewTransaction,
  TransactionPricing,
} from '@transfers/transactions/transaction-insert';

/** Timestamps to the millisecond, as the API shows them (see the migration). */
const NOW_MS = `date_trunc('milliseconds', now())`;

/**
 * The new transactions and status changes of requests (a transfer-out written CREATED, then turning
 * PENDING once reserved) share statements beyond one in flight: under load, one statement inserts
 * the transactions of many requests, and one database transaction of four statements makes their
 * changes. A failed statement fails every request it served; only a failing database does that,
 * since whatever could refuse one transaction is checked before it is written.
 */
const REQUEST_BATCHING = { maxBatch: 200, maxInFlight: 1 };

export interface StatusChange {
  /** Bare uuid. */
  id: string;
  from: TransactionStatus;
  to: TransactionStatus;
  /** Why, for the history row. */
  reason: string;
  failure?: { reason: FailureReason; detail: string };
  /** The request that made the change, for its event; none for the settlement worker's. */
  requestId?: string;
  /** Set on the change that makes an incoming payment wait for its platform's approval. */
  approval?: ApprovalRequest;
  /** The trace its event continues, when not the active one (a change batched with others'). */
  trace?: Context;
}

/**
 * The only writer of transactions. A status change is one guarded statement (`WHERE status = from`,
 * so a concurrent or repeated change of the same transaction applies once) that also appends the
 * history row and moves the rail schedule; its event goes to the outbox in the same transaction.
 */
@Injectable()
export class TransactionStore {
  private readonly movedColumns: string;
  private readonly columns: string;
  private readonly requestInserts: GroupCommit<NewScheduledTransaction, boolean>;
  private readonly requestChanges: GroupCommit<StatusChange, MovedTransaction | undefined>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {
    this.movedColumns = transactionColumns(dataSource, 'moved');
    this.columns = transactionColumns(dataSource, 't');
    this.requestInserts = new GroupCommit(
      (created) => this.insert(dataSource.manager, created),
      REQUEST_BATCHING,
    );
    this.requestChanges = new GroupCommit(
      (changes) =>
        dataSource.transaction(async (manager) => {
          const moved = new Map(
            (await this.move(manager, changes)).map((each) => [each.transaction.id, each]),
          );
          return changes.map((change) => moved.get(change.id));
        }),
      REQUEST_BATCHING,
    );
  }

  /**
   * Inserts transactions (CREATED) and their rail attempts in one statement, and answers whether
   * each was new: false when a transaction with its id (or quote) exists already, so creating one is
   * idempotent by its id.
   */
  async insert(manager: EntityManager, created: NewScheduledTransaction[]): Promise<boolean[]> {
    const traceparent = activeTraceparent();
    const traced = created.map((each) => ({ ...each, traceparent: each.traceparent ?? traceparent }));
    const inserted: { id: string }[] = await manager.query(
      INSERT_TRANSACTIONS,
      INPUT.map(([, , valueOf]) => traced.map(valueOf)),
    );
    const insertedIds = new Set(inserted.map(({ id }) => id));
    return created.map(({ transaction }) => insertedIds.has(transaction.id));
  }

  /**
   * Inserts one request's transaction, committed, in a statement it may share with other requests';
   * false when it existed already.
   */
  insertCommitted(created: NewScheduledTransaction): Promise<boolean> {
    // The statement may run in another request's context: each keeps its own trace.
    return this.requestInserts.add({ ...created, traceparent: activeTraceparent() });
  }

  /**
   * Applies one request's change in its own committed transaction, which it may share with other
   * requests' changes. Undefined when the transaction was no longer in the `from` status.
   */
  moveCommitted(change: StatusChange): Promise<MovedTransaction | undefined> {
    assertTransition(change.from, change.to);
    return this.requestChanges.add({ ...change, trace: context.active() });
  }

  /**
   * Applies the changes whose transaction is still in their `from` status and returns those; the
   * others changed meanwhile and are left alone. Must run inside a database transaction. Each event
   * names its change's request.
   *
   * The rows are locked in id order before any is updated (the subquery that reads the locks does
   * not depend on the row, so Postgres runs it once, first): a request's batch and the settlement
   * worker's may both hold one transaction, and updating in join order, which each connection's
   * cached plan decides, deadlocked them.
   */
  async move(manager: EntityManager, changes: StatusChange[]): Promise<MovedTransaction[]> {
    if (changes.length === 0) return [];
    for (const change of changes) assertTransition(change.from, change.to);
    const rows: (Transaction & { previousStatus: TransactionStatus })[] = await manager.query(
      `WITH change AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
           AS c (id, from_status, to_status, reason, failure_reason, failure_detail)
       ), locked AS (
         SELECT id FROM transactions WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE
       ), moved AS (
         UPDATE transactions t
         SET status = c.to_status,
             failure_reason = c.failure_reason,
             failure_detail = c.failure_detail,
             settled_at = CASE WHEN c.to_status = 'COMPLETED' THEN ${NOW_MS} ELSE t.settled_at END,
             updated_at = ${NOW_MS}
         FROM change c
         WHERE t.id = c.id AND t.status = c.from_status AND (SELECT count(*) FROM locked) >= 0
         RETURNING t.*, c.from_status AS previous_status, c.reason AS change_reason
       ), history AS (
         INSERT INTO transaction_status_history (transaction_id, from_status, to_status, at, reason)
         SELECT id, previous_status, status, updated_at, change_reason FROM moved
       ), rail AS (
         -- PENDING starts the rail's clock; a final status closes the attempt.
         UPDATE rail_attempts a
         SET due_at = CASE WHEN moved.status = 'PENDING' THEN now() + a.delay_ms * interval '1 millisecond' ELSE a.due_at END,
             finished_at = CASE WHEN moved.status IN ('PENDING', 'PROCESSING') THEN NULL ELSE now() END,
             last_error = NULL
         FROM moved
         WHERE a.transaction_id = moved.id
       )
       SELECT ${this.movedColumns}, moved.previous_status AS "previousStatus" FROM moved`,
      [
        changes.map((change) => change.id),
        changes.map((change) => change.from),
        changes.map((change) => change.to),
        changes.map((change) => change.reason),
        changes.map((change) => change.failure?.reason ?? null),
        changes.map((change) => change.failure?.detail ?? null),
      ],
    );
    const moved = rows.map(({ previousStatus, ...transaction }) => ({ transaction, previousStatus }));
    if (moved.length) {
      const byId = new Map(changes.map((change) => [change.id, change]));
      await this.outbox.add(
        manager,
        TRANSACTION_EVENTS,
        moved.map((each) => statusChanged(each, byId.get(each.transaction.id)?.approval)),
        moved.map(({ transaction }) => byId.get(transaction.id)?.requestId),
        moved.map(({ transaction }) => byId.get(transaction.id)?.trace),
      );
      await this.wakeCounterparts(manager, moved);
    }
    return moved;
  }

  /**
   * Wakes the other side of payments between two platforms of this deployment (docs/uma.md): the
   * senders awaiting incoming payments that just ended, and the incoming payments whose sender just
   * reserved their money (one awaiting the platform's approval is left alone). Statements of their
   * own, after the move's: one statement's snapshot would miss a payment committed while the move
   * waited for its row locks. A sender still CREATED is left to its request.
   */
  private async wakeCounterparts(manager: EntityManager, moved: MovedTransaction[]): Promise<void> {
    const idsOf = (side: (transaction: Transaction) => boolean) =>
      moved.flatMap(({ transaction }) => (side(transaction) ? [transaction.id] : []));
    // Only a UMA payment can be awaited: funding and transfers in end without the statement.
    const ended = idsOf(
      (transaction) =>
        transaction.type === 'INCOMING' &&
        transaction.sourceType === 'UMA_ADDRESS' &&
        hasEnded(transaction.status),
    );
    const reserved = idsOf(
      (transaction) =>
        transaction.type === 'OUTGOING' &&
        transaction.status === 'PENDING' &&
        transaction.destinationUmaAddress !== null,
    );
    if (ended.length) {
      await manager.query(
        `UPDATE rail_attempts a SET due_at = now()
         FROM transactions t
         WHERE a.awaits_transaction_id = ANY($1::uuid[]) AND a.finished_at IS NULL AND a.due_at > now()
           AND t.id = a.transaction_id AND t.status IN ('PENDING', 'PROCESSING')`,
        [ended],
      );
    }
    if (reserved.length) {
      await manager.query(
        `UPDATE rail_attempts a SET due_at = now()
         FROM rail_attempts s
         WHERE s.transaction_id = ANY($1::uuid[]) AND a.transaction_id = s.awaits_transaction_id
           AND a.awaits_funding AND a.finished_at IS NULL AND a.due_at > now() AND a.due_at < 'infinity'`,
        [reserved],
      );
    }
  }

  /** By primary key, in the order of `ids`: undefined where a transaction is missing. */
  async getAll(ids: string[]): Promise<(Transaction | undefined)[]> {
    const found: Transaction[] = await this.dataSource.query(
      `SELECT ${this.columns} FROM transactions t WHERE t.id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(found.map((transaction) => [transaction.id, transaction]));
    return ids.map((id) => byId.get(id));
  }

  /** Whose a transaction is and its status, read in `manager`'s transaction (before locking what it owns). */
  async ownerAndStatus(
    manager: EntityManager,
    id: string,
  ): Promise<(PlatformScope & { status: TransactionStatus }) | undefined> {
    const [row] = await manager.query(
      `SELECT platform_id AS "platformId", environment, status FROM transactions WHERE id = $1`,
      [id],
    );
    return row;
  }

  async get(id: string): Promise<Transaction | undefined> {
    return (await this.getAll([id]))[0];
  }

  /**
   * The transaction an insert found already there (a retry, or its concurrent first attempt). That
   * attempt may have discarded it since, unsent: then the request is to be tried again.
   */
  async getFoundOnInsert(id: string): Promise<Transaction> {
    const transaction = await this.get(id);
    if (transaction) return transaction;
    throw ApiException.retryLater('SERVICE_UNAVAILABLE', 'The payment was not made; try again');
  }

  /** Deletes a transaction that never left CREATED (nothing was reserved, nothing published). */
  async discardCreated(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM transactions WHERE id = $1 AND status = 'CREATED'`, [id]);
  }
}

/** `<alias>.<column> AS "<property>"` for every column, so that raw rows come back shaped as the entity. */
export function transactionColumns(dataSource: DataSource, alias: string): string {
  return dataSource
    .getMetadata(Transaction)
    .columns.map((column) => `${alias}.${column.databaseName} AS "${column.propertyName}"`)
    .join(', ');
}
