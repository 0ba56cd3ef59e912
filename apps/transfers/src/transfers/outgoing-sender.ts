import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { DataSource } from 'typeorm';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { RailOutcome } from '@transfers/rails/rail';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { NewTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';

/**
 * How long a transfer-out may stay CREATED before the settlement worker takes it for abandoned: far
 * longer than the rest of its request can last (one ledger call of at most 10 s, then one database
 * transaction), so the worker never races a request that is still running.
 */
const ABANDONED_CREATION_MS = 60_000;
/**
 * A retry finishes a transfer its first request left CREATED only while it is this young, well
 * before the settlement worker may abandon it: the two must never both act on one transfer.
 */
const RESUMABLE_CREATION_MS = 20_000;

/** What the reserve of an outgoing transfer takes: from which account, how much, in what. */
interface Reserve {
  transactionId: string;
  accountId: string;
  amount: number;
  currency: string;
}

export interface SendOptions {
  /** The money has just arrived from outside (a just-in-time funded quote): credit it first. */
  depositFirst?: boolean;
}

/**
 * Sends an outgoing transfer: writes it CREATED, reserves its funds in the ledger, turns it PENDING
 * for the rail. The row is written before the reserve, so that a reserve whose answer is lost is
 * never forgotten: the settlement worker abandons a transfer left CREATED and releases whatever was
 * reserved for it. A refused reserve deletes the row, so the client's 4xx leaves nothing behind.
 *
 * Creating a transfer is idempotent by its id (named by the request's Idempotency-Key, or the
 * quote's transaction id): a retry finds the row and answers it as it stands, or, when the first
 * request stopped after writing it, finishes the reserve that request began (each ledger posting is
 * idempotent by transaction and kind).
 */
@Injectable()
export class OutgoingSender {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: TransactionStore,
    private readonly ledger: LedgerClient,
  ) {}

  async send(
    caller: Caller,
    transaction: NewTransaction,
    rail: RailOutcome,
    options: SendOptions = {},
  ): Promise<TransactionView> {
    const inserted = await this.store.insertCommitted({
      transaction,
      rail: { ...rail, firstLookInMs: ABANDONED_CREATION_MS },
    });
    if (!inserted) {
      const existing = await this.store.get(transaction.id);
      // A concurrent first request with the key was refused and took its row back meanwhile.
      if (!existing)
        throw ApiException.retryLater(
          'CONFLICT',
          'A request with this Idempotency-Key was just refused and is being undone: retry with the same key after Retry-After seconds',
          1,
        );
      return this.answerExisting(caller, existing, options);
    }
    return this.reserve(
      caller,
      {
        transactionId: transaction.id,
        accountId: transaction.fundingAccountId ?? transaction.sourceAccountId!,
        amount: transaction.sentAmount,
        currency: transaction.sourceCurrency,
      },
      options,
    );
  }

  /** The answer to a retry that found its transfer written already. */
  async answerExisting(
    caller: Caller,
    existing: Transaction,
    options: SendOptions = {},
  ): Promise<TransactionView> {
    if (existing.status !== 'CREATED') return presentTransaction(existing);
    if (Date.now() - new Date(existing.createdAt).getTime() > RESUMABLE_CREATION_MS) {
      // The settlement worker is about to settle it; the retry after that sees how.
      throw ApiException.retryLater(
        'CONFLICT',
        'The transfer is being settled; retry with the same Idempotency-Key',
        5,
      );
    }
    return this.reserve(
      caller,
      {
        transactionId: existing.id,
        accountId: existing.fundingAccountId ?? existing.sourceAccountId!,
        amount: Number(existing.sentAmount),
        currency: existing.sourceCurrency,
      },
      options,
    );
  }

  /**
   * Reserves the funds and turns the transfer PENDING. Only a request moves it to PENDING; when it
   * cannot (the worker abandoned it meanwhile) the transfer is answered as it ended up.
   */
  private async reserve(
    caller: Caller,
    reserve: Reserve,
    { depositFirst = false }: SendOptions,
  ): Promise<TransactionView> {
    const { transactionId, ...posting } = reserve;
    const request = { ...posting, transactionId: toApiId('Transaction', transactionId) };
    try {
      if (depositFirst) await this.ledger.post(caller, { ...request, kind: 'DEPOSIT' });
      await this.ledger.post(caller, { ...request, kind: 'RESERVE' });
    } catch (error) {
      // A refusal (4xx) means nothing was reserved; anything else is left for the worker to settle.
      if (ApiException.isRefusal(error))
        await this.store.discardCreated(this.dataSource.manager, transactionId);
      throw error;
    }
    const moved = await this.store.moveCommitted({
      id: transactionId,
      from: 'CREATED',
      to: 'PENDING',
      reason: 'Funds reserved',
      requestId: caller.requestId,
    });
    if (moved) return presentTransaction(moved.transaction);
    // A retry of the same request moved it first, or the worker abandoned it: either way it is settled.
    const current = await this.store.get(transactionId);
    if (current && current.status !== 'CREATED') return presentTransaction(current);
    throw ApiException.retryLater(
      'SERVICE_UNAVAILABLE',
      'The transfer could not be confirmed in time and will not be made; try again',
    );
  }
}
