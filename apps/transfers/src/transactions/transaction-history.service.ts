import { Injectable } from '@nestjs/common';
import { uuidOf } from '@payments/contracts';
import { Caller } from '@payments/http';
import { TransactionHistoryStore } from '@transfers/transactions/transaction-history.store';
import { presentHistory, TransactionHistoryView } from '@transfers/transactions/transaction-history.view';
import { TransactionsService } from '@transfers/transactions/transactions.service';

/** GET /transactions/{id}/history: the timeline of one of the caller's transactions. */
@Injectable()
export class TransactionHistoryService {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly store: TransactionHistoryStore,
  ) {}

  /**
   * Reads the transaction first, as GET /transactions/{id} does, so the history is 404
   * TRANSACTION_NOT_FOUND in exactly the same cases: unknown, malformed, another platform's or
   * environment's, or still CREATED.
   */
  async history(caller: Caller, transactionId: string): Promise<TransactionHistoryView> {
    const transaction = await this.transactions.get(caller, transactionId);
    const changes = await this.store.changesOf(uuidOf('Transaction', transaction.id)!);
    return presentHistory(transaction.createdAt, changes);
  }
}
