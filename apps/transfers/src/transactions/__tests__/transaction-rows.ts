import { TransactionStatus } from '@payments/contracts';
import { PlatformScope } from '@payments/http';
import { transactionRow } from '@transfers/transactions/__tests__/transaction-row';
import { MovedTransaction } from '@transfers/transactions/transaction-events';
import { NewScheduledTransaction, RailSchedule } from '@transfers/transactions/transaction-insert';
import { assertTransition } from '@transfers/transactions/transaction-state-machine';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { NewTransaction, StatusChange } from '@transfers/transactions/transaction.store';

/**
 * TransactionStore's rows in memory, with its rules: an insert is idempotent by id, a status change
 * applies only while the transaction is in its `from` status (an illegal move throws), and only a
 * CREATED transaction can be discarded. The manager arguments are ignored.
 */
export class TransactionRows {
  private readonly rows = new Map<string, Transaction>();
  /** The rail schedule each transaction was inserted with. */
  readonly rails = new Map<string, RailSchedule>();
  /** Every change that applied, in order, as it was asked for (its approval request included). */
  readonly applied: StatusChange[] = [];

  async insert(_manager: unknown, created: NewScheduledTransaction[]): Promise<boolean[]> {
    return created.map((each) => this.add(each));
  }

  async insertCommitted(created: NewScheduledTransaction): Promise<boolean> {
    return this.add(created);
  }

  async move(_manager: unknown, changes: StatusChange[]): Promise<MovedTransaction[]> {
    for (const change of changes) assertTransition(change.from, change.to);
    return changes.flatMap((change) => this.apply(change) ?? []);
  }

  async moveCommitted(change: StatusChange): Promise<MovedTransaction | undefined> {
    assertTransition(change.from, change.to);
    return this.apply(change);
  }

  async getAll(ids: string[]): Promise<(Transaction | undefined)[]> {
    return Promise.all(ids.map((id) => this.get(id)));
  }

  async ownerAndStatus(
    _manager: unknown,
    id: string,
  ): Promise<(PlatformScope & { status: TransactionStatus }) | undefined> {
    const row = this.row(id);
    return row && { platformId: row.platformId, environment: row.environment, status: row.status };
  }

  async get(id: string): Promise<Transaction | undefined> {
    return this.row(id);
  }

  async getFoundOnInsert(id: string): Promise<Transaction> {
    const row = this.row(id);
    if (!row) throw new Error(`Transaction ${id} is not stored`);
    return row;
  }

  async discardCreated(_manager: unknown, id: string): Promise<void> {
    if (this.rows.get(id)?.status === 'CREATED') this.rows.delete(id);
  }

  /** The transaction as stored now. */
  row(id: string): Transaction | undefined {
    const row = this.rows.get(id);
    return row && { ...row };
  }

  /** Stores `row` as it is: a transaction written before the test, or changed behind the service's back. */
  put(row: Transaction): void {
    this.rows.set(row.id, { ...row });
  }

  private add({ transaction, rail }: NewScheduledTransaction): boolean {
    if (this.rows.has(transaction.id)) return false;
    this.rows.set(transaction.id, created(transaction));
    this.rails.set(transaction.id, rail);
    return true;
  }

  private apply(change: StatusChange): MovedTransaction | undefined {
    const row = this.rows.get(change.id);
    if (row?.status !== change.from) return undefined;
    Object.assign(row, {
      status: change.to,
      failureReason: change.failure?.reason ?? null,
      failureDetail: change.failure?.detail ?? null,
      updatedAt: new Date(),
    });
    this.applied.push(change);
    return { transaction: { ...row }, previousStatus: change.from };
  }
}

/** The row the store's insert makes of a new transaction. */
function created({ pricing, ...transaction }: NewTransaction): Transaction {
  const now = new Date();
  return transactionRow({
    ...transaction,
    status: 'CREATED',
    sourceUmaAddress: transaction.sourceUmaAddress ?? null,
    destinationType: transaction.destinationUmaAddress ? 'UMA_ADDRESS' : 'ACCOUNT',
    destinationUmaAddress: transaction.destinationUmaAddress ?? null,
    sentAmount: String(transaction.sentAmount),
    receivedAmount: String(transaction.receivedAmount),
    description: transaction.description ?? null,
    counterpartyInformation: transaction.counterpartyInformation ?? null,
    quoteId: pricing?.quoteId ?? null,
    exchangeRate: pricing?.exchangeRate ?? null,
    rateDetails: pricing?.rateDetails ?? null,
    platformFee: String(pricing?.platformFee ?? 0),
    serviceFee: String(pricing?.serviceFee ?? 0),
    fundingAccountId: transaction.fundingAccountId ?? null,
    createdAt: now,
    updatedAt: now,
  });
}
