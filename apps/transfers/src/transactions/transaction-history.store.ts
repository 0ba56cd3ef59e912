import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TransactionStatus } from '@payments/contracts';
import { DataSource } from 'typeorm';

/** One row of `transaction_status_history`, as pg answers it. */
export interface StatusChangeRow {
  from_status: TransactionStatus;
  to_status: TransactionStatus;
  at: Date;
  reason: string | null;
}

/** Reads of the status history that TransactionStore.move appends to (never changed once written). */
@Injectable()
export class TransactionHistoryStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The status changes of one transaction (bare uuid), oldest first: a transaction's changes are
   * serialized by its row lock, so their ids are in the order they were made. The rows carry no
   * platform: the caller reads the transaction in its scope first.
   */
  changesOf(transactionId: string): Promise<StatusChangeRow[]> {
    return this.dataSource.query(
      `SELECT from_status, to_status, at, reason FROM transaction_status_history
        WHERE transaction_id = $1 ORDER BY id`,
      [transactionId],
    );
  }
}
