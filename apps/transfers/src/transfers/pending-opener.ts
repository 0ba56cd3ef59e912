import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller } from '@payments/http';
import { DataSource } from 'typeorm';
import { RailOutcome } from '@transfers/rails/rail';
import { NewTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';

/**
 * Opens a transaction that needs nothing reserved up front (incoming money, a payout funded by a
 * pull the rail makes first): PENDING at once, in one database transaction. One whose id exists
 * already (a retry of the same request) is answered as it stands.
 */
@Injectable()
export class PendingOpener {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: TransactionStore,
  ) {}

  async open(caller: Caller, transaction: NewTransaction, rail: RailOutcome): Promise<TransactionView> {
    const opened = await this.dataSource.transaction(async (manager) => {
      const [inserted] = await this.store.insert(manager, [
        { transaction, rail: { ...rail, firstLookInMs: rail.delayMs } },
      ]);
      if (!inserted) return undefined;
      const [moved] = await this.store.move(manager, [
        {
          id: transaction.id,
          from: 'CREATED',
          to: 'PENDING',
          reason: 'Accepted by the rail',
          requestId: caller.requestId,
        },
      ]);
      return presentTransaction(moved.transaction);
    });
    return opened ?? presentTransaction(await this.store.getFoundOnInsert(transaction.id));
  }
}
