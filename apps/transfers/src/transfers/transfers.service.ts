import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Environment, isIdOf, toApiId } from '@payments/contracts';
import { ApiException, Caller, effectIdOf, scopeOf } from '@payments/http';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerAccount, LedgerClient } from '@transfers/accounts/ledger.client';
import {
  RailDirection,
  RailOutcome,
  simulatedSettlement,
  sandboxOutcome,
  sandboxPullThen,
  PayRequestAnswer,
  payRequestOutcome,
  SandboxTiming,
} from '@transfers/rails/sandbox-rail';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { NewTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';
import { assertTransferAllowed } from '@transfers/transfers/transfer-rules';
import { TransferInDto, TransferOutDto } from '@transfers/transfers/dto/transfer.dto';
import { TransferFeesClient } from '@transfers/transfers/transfer-fees.client';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';
import { TransfersEnvironment } from '@transfers/transfers.environment';

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
    private readonly outgoing: OutgoingSender,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    this.timing = {
      settlementMs: config.get('SANDBOX_SETTLEMENT_MS', { infer: true }),
      delayedFailureMs: config.get('SANDBOX_DELAYED_FAILURE_SECONDS', { infer: true }) * 1000,
    };
  }

  /** Pulls from a pull-capable external account; the internal account is credited when the rail settles. */
  async transferIn(caller: Caller, body: TransferInDto): Promise<TransactionView> {
    const id = effectIdOf(caller, 'transfer-in');
    const existing = await this.existing(caller, id);
    if (existing) return presentTransaction(existing);
    const { transaction, rail } = await this.prepare(caller, id, 'IN', body);
    return this.openPending(caller, transaction, rail);
  }

  async transferOut(caller: Caller, body: TransferOutDto): Promise<TransactionView> {
    const id = effectIdOf(caller, 'transfer-out');
    const existing = await this.existing(caller, id);
    if (existing) return this.outgoing.answerExisting(caller, existing);
    const { transaction, rail } = await this.prepare(caller, id, 'OUT', body);
    return this.outgoing.send(caller, transaction, rail);
  }

  /**
   * The transaction a retry of a keyed request made already: answered as it stands, without reading
   * the accounts again (they may have changed since, and the answer must not).
   */
  private async existing(caller: Caller, id: string): Promise<Transaction | undefined> {
    return caller.idempotencyKey ? this.store.get(id) : undefined;
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
      effectIdOf(caller, 'sandbox-fund'),
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

  /**
   * Reads both accounts, checks the transfer is allowed and builds its transaction and the rail's
   * answer for it. IN moves money from the external account to the internal one, OUT the other way.
   */
  private async prepare(
    caller: Caller,
    id: string,
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
    const transaction = this.newTransaction(id, caller, internal, ends, body.amount);
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
   * the rail makes first) is PENDING at once, in one database transaction. One whose id exists
   * already (a retry of the same request) is answered as it stands.
   */
  async openPending(
    caller: Caller,
    transaction: NewTransaction,
    rail: RailOutcome,
  ): Promise<TransactionView> {
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
    return opened ?? presentTransaction(await this.store.get(transaction.id));
  }

  /** A payout (`push`) whose money the rail first pulls from an external account. */
  railOutcomeOfPull(caller: Caller, sourceIdentifier: string, push: RailOutcome): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxPullThen(sourceIdentifier, push, this.timing)
      : push;
  }

  /** A payment to a UMA receiver that answered its pay request so. */
  railOutcomeOfPayRequest(answer: PayRequestAnswer): RailOutcome {
    return payRequestOutcome(answer, this.timing);
  }

  /** Failure patterns are a sandbox feature; in production the simulated rail always settles. */
  railOutcome(caller: Caller, direction: RailDirection, primaryIdentifier: string): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxOutcome(direction, primaryIdentifier, this.timing)
      : simulatedSettlement(this.timing);
  }

  /** A same-currency transaction of the internal account's owner, in its currency. */
  private newTransaction(
    id: string,
    caller: Caller,
    internal: LedgerAccount,
    ends: TransactionEnds,
    amount: number,
  ): NewTransaction {
    return {
      id,
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
