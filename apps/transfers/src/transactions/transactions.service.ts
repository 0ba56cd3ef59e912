import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { uuidOf } from '@payments/contracts';
import { ApiException, boundsCreation, Caller, Page, scopeOf } from '@payments/http';
import { GroupCommit, inScope, ListCounts, paginate } from '@payments/persistence';
import { Repository } from 'typeorm';
import { ListTransactionsQuery } from '@transfers/transactions/dto/list-transactions.query';
import { transactionFilters } from '@transfers/transactions/transaction-filters';
import { TRANSACTION_LIST } from '@transfers/transactions/transaction-list';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';

const READ_BATCHING = { maxBatch: 200, maxInFlight: 2 };

/**
 * Reads of one platform's transactions in one environment. A transaction is visible from PENDING on:
 * while CREATED it is only an intent whose funds are not reserved yet, and it may still be discarded.
 */
@Injectable()
export class TransactionsService {
  private readonly counts: ListCounts;
  private readonly reads: GroupCommit<string, Transaction | undefined>;

  constructor(
    @InjectRepository(Transaction) private readonly transactions: Repository<Transaction>,
    store: TransactionStore,
  ) {
    this.counts = new ListCounts(transactions.manager.connection, TRANSACTION_LIST);
    // Concurrent reads by id share one statement by primary key: under load, a round trip and a
    // plan serve many requests.
    this.reads = new GroupCommit((ids) => store.getAll(ids), READ_BATCHING);
  }

  list(caller: Caller, query: ListTransactionsQuery): Promise<Page<TransactionView>> {
    const builder = this.scoped(caller);
    const filters = transactionFilters(query);
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    return paginate(builder, query, presentTransaction, {
      counted: this.counts.counter(scopeOf(caller), filters),
      inCreationOrder: boundsCreation(filters),
    });
  }

  async get(caller: Caller, transactionId: string): Promise<TransactionView> {
    const id = uuidOf('Transaction', transactionId);
    const found = id ? inScope(await this.reads.add(id), scopeOf(caller)) : undefined;
    const transaction = found?.status === 'CREATED' ? undefined : found;
    if (!transaction) throw ApiException.notFound('TRANSACTION_NOT_FOUND', `Transaction ${transactionId}`);
    return presentTransaction(transaction);
  }

  private scoped(caller: Caller) {
    return this.transactions
      .createQueryBuilder('transaction')
      .where(
        "transaction.platformId = :platformId AND transaction.environment = :environment AND transaction.status <> 'CREATED'",
        scopeOf(caller),
      );
  }
}
