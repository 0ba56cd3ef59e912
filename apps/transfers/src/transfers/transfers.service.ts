import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Environment, isIdOf, toApiId } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerAccount, LedgerClient } from '@transfers/accounts/ledger.client';
import {
  RailDirection,
  RailOutcome,
  simulatedSettlement,
  sandboxOutcome,
  sandboxPullThenPush,
  SandboxTiming,
} from '@transfers/rails/sandbox-rail';
import { NewTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';
import { assertTransferAllowed } from '@transfers/transfers/transfer-rules';
import { TransferInDto, TransferOutDto } from '@transfers/transfers/dto/transfer.dto';
import { TransferFeesClient } from '@transfers/transfers/transfer-fees.client';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/**
 * How long a transfer-out may stay CREATED before the settlement worker takes it for abandoned: far
 * longer than the rest of its request can last (one ledger call of at most 10 s, then one database
 * transaction), so the worker never races a request that is still running.
 */
const ABANDONED_CREATION_MS = 60_000;

type TransactionEnds = Pick<
  NewTransaction,
  'type' | 'sourceType' | 'sourceAccountId' | 'destinationAccountId'
>;

/** Same-currency transfers between a customer's internal and external accounts, and sandbox funding. */
@Injectable()
export class TransfersService {
  private readonly timing: SandboxTiming;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: TransactionStore,
    private readonly ledger: LedgerClient,
    private readonly externalAccounts: ExternalAccountsClient,
    private readonly fees: TransferFeesClient,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    this.timing = {
      settlementMs: config.get('SANDBOX_SETTLEMENT_MS', { infer: true }),
      delayedFailureMs: config.get('SANDBOX_DELAYED_FAILURE_SECONDS', { infer: true }) * 1000,
    };
  }

  /** Pulls from a pull-capable external account; the internal account is credited when the rail settles. */
  async transferIn(caller: Caller, body: TransferInDto): Promise<TransactionView> {
    const { transaction, rail } = await this.prepare(caller, 'IN', body);
    return this.openPending(caller, transaction, rail);
  }

  /**
   * Simulates money arriving for an internal account (sandbox only) and answers the account with
   * its new balance. The deposit is made in the request; the transaction's rail attempt is due at
   * once too, so that if this request dies after its row, the settlement worker completes it (both
   * paths are idempotent: one DEPOSIT per transaction, one guarded move to COMPLETED).
   */
  async fund(caller: Caller, accountId: string, amount: number): Promise<Record<string, unknown>> {
    if (caller.environment !== Environment.Sandbox) {
      throw new ApiException('FORBIDDEN', 'Sandbox helpers are not available with production credentials');
    }
    if (!isIdOf('InternalAccount', accountId))
      throw new ApiException('ACCOUNT_NOT_FOUND', `Account ${accountId} not found`);
    const internal = await this.ledger.account(caller, accountId);
    const transaction = this.newTransaction(
      caller,
      internal,
      {
        type: 'INCOMING',
        sourceType: 'REALTIME_FUNDING',
        sourceAccountId: null,
        destinationAccountId: internal.id,
      },
      amount,
    );
    await this.openPending(caller, transaction, { answer: 'SETTLE', delayMs: 0 });
    await this.ledger.post(caller, {
      transactionId: toApiId('Transaction', transaction.id),
      kind: 'DEPOSIT',
      accountId: internal.id,
      amount,
      currency: internal.currency,
    });
    await this.store.moveCommitted({
      id: transaction.id,
      from: 'PENDING',
      to: 'COMPLETED',
      reason: 'Settled by the rail',
      requestId: caller.requestId,
    });
    return this.ledger.view(caller, internal.id);
  }

  async transferOut(caller: Caller, body: TransferOutDto): Promise<TransactionView> {
    const { transaction, rail } = await this.prepare(caller, 'OUT', body);
    return this.sendOutgoing(caller, transaction, rail);
  }

  /**
   * Reserves the funds, then hands the transfer to the rail. The transaction row is written (CREATED)
   * before the reserve, so that a reserve whose answer is lost is never forgotten: the settlement
   * worker abandons a transfer left CREATED and releases whatever was reserved for it. A refused
   * reserve deletes the row, so the client's 4xx leaves nothing behind. Only this request moves the
   * transfer to PENDING; when it cannot, the client gets a 5xx and the transfer will not be paid.
   * With `depositFirst` the money has just arrived from outside (a just-in-time funded quote): it is
   * credited to the reserving account before it is reserved. A transaction whose id exists already
   * is returned as it stands, so creating one is idempotent.
   */
  async sendOutgoing(
    caller: Caller,
    transaction: NewTransaction,
    rail: RailOutcome,
    { depositFirst = false } = {},
  ): Promise<TransactionView> {
    const inserted = await this.store.insertCommitted({
      transaction,
      rail: { ...rail, firstLookInMs: ABANDONED_CREATION_MS },
    });
    if (!inserted) return presentTransaction(await this.store.get(transaction.id));
    const reservingAccountId = transaction.fundingAccountId ?? transaction.sourceAccountId!;
    const posting = {
      transactionId: toApiId('Transaction', transaction.id),
      accountId: reservingAccountId,
      amount: transaction.sentAmount,
      currency: transaction.sourceCurrency,
    };
    try {
      if (depositFirst) await this.ledger.post(caller, { ...posting, kind: 'DEPOSIT' });
      await this.ledger.post(caller, { ...posting, kind: 'RESERVE' });
    } catch (error) {
      // A refusal (4xx) means nothing was reserved; anything else is left for the worker to settle.
      if (ApiException.isRefusal(error))
        await this.store.discardCreated(this.dataSource.manager, transaction.id);
      throw error;
    }
    const moved = await this.store.moveCommitted({
      id: transaction.id,
      from: 'CREATED',
      to: 'PENDING',
      reason: 'Funds reserved',
      requestId: caller.requestId,
    });
    if (!moved) {
      throw new ApiException(
        'SERVICE_UNAVAILABLE',
        'The transfer could not be confirmed in time and will not be made; try again',
      );
    }
    return presentTransaction(moved.transaction);
  }

  /**
   * Reads both accounts, checks the transfer is allowed and builds its transaction and the rail's
   * answer for it. IN moves money from the external account to the internal one, OUT the other way.
   */
  private async prepare(
    caller: Caller,
    direction: 'IN' | 'OUT',
    body: TransferInDto | TransferOutDto,
  ): Promise<{ transaction: NewTransaction; rail: RailOutcome }> {
    const [internalId, externalId] =
      direction === 'IN'
        ? [body.destination.accountId, body.source.accountId]
        : [body.source.accountId, body.destination.accountId];
    const [internal, external] = await Promise.all([
      this.ledger.account(caller, internalId),
      this.externalAccounts.account(caller, externalId),
    ]);
    const incoming = direction === 'IN';
    assertTransferAllowed(
      { internal, external, externalField: incoming ? 'source.accountId' : 'destination.accountId' },
      direction,
    );
    const ends: TransactionEnds = incoming
      ? {
          type: 'INCOMING',
          sourceType: 'ACCOUNT',
          sourceAccountId: external.id,
          destinationAccountId: internal.id,
        }
      : {
          type: 'OUTGOING',
          sourceType: 'ACCOUNT',
          sourceAccountId: internal.id,
          destinationAccountId: external.id,
        };
    const transaction = this.newTransaction(caller, internal, ends, body.amount);
    return {
      transaction: await this.withPlatformFee(caller, transaction, incoming ? 'TRANSFER_IN' : 'TRANSFER_OUT'),
      rail: this.railOutcome(caller, incoming ? 'PULL' : 'PUSH', external.primaryIdentifier),
    };
  }

  /**
   * Applies the platform's TRANSFER_IN or TRANSFER_OUT fee rule: a transfer-out sends `amount` and
   * takes the fee on top; a transfer-in pulls `amount` and credits it less the fee.
   */
  private async withPlatformFee(
    caller: Caller,
    transaction: NewTransaction,
    type: 'TRANSFER_IN' | 'TRANSFER_OUT',
  ): Promise<NewTransaction> {
    const { platformFee, rateDetails } = await this.fees.fee(
      caller,
      type,
      transaction.sourceCurrency,
      transaction.sentAmount,
    );
    if (platformFee === 0) return transaction;
    const pricing = { rateDetails, platformFee, serviceFee: 0 };
    if (type === 'TRANSFER_OUT')
      return { ...transaction, sentAmount: transaction.sentAmount + platformFee, pricing };
    if (platformFee >= transaction.sentAmount) {
      throw new ApiException(
        'AMOUNT_OUT_OF_RANGE',
        `The amount does not cover the platform's fee of ${platformFee}`,
      );
    }
    return { ...transaction, receivedAmount: transaction.sentAmount - platformFee, pricing };
  }

  /**
   * A transaction that needs nothing reserved up front (incoming money, a payout funded by a pull
   * the rail makes first) is PENDING at once, in one database transaction.
   */
  openPending(caller: Caller, transaction: NewTransaction, rail: RailOutcome): Promise<TransactionView> {
    return this.dataSource.transaction(async (manager) => {
      await this.store.insert(manager, [{ transaction, rail: { ...rail, firstLookInMs: rail.delayMs } }]);
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
  }

  /** A payout whose money the rail first pulls from an external account. */
  railOutcomeOfPull(caller: Caller, sourceIdentifier: string, destinationIdentifier: string): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxPullThenPush(sourceIdentifier, destinationIdentifier, this.timing)
      : simulatedSettlement(this.timing);
  }

  /** Failure patterns are a sandbox feature; in production the simulated rail always settles. */
  railOutcome(caller: Caller, direction: RailDirection, primaryIdentifier: string): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxOutcome(direction, primaryIdentifier, this.timing)
      : simulatedSettlement(this.timing);
  }

  /** A same-currency transaction of the internal account's owner, in its currency. */
  private newTransaction(
    caller: Caller,
    internal: LedgerAccount,
    ends: TransactionEnds,
    amount: number,
  ): NewTransaction {
    return {
      id: randomUUID(),
      ...scopeOf(caller),
      ...ends,
      sourceCurrency: internal.currency,
      destinationCurrency: internal.currency,
      customerId: internal.customerId,
      platformCustomerId: internal.platformCustomerId,
      sentAmount: amount,
      receivedAmount: amount,
      reference: newReference(),
    };
  }
}

/** The unique reconciliation reference a bank movement carries. */
export function newReference(): string {
  return `TR-${randomBytes(8).toString('hex').toUpperCase()}`;
}
