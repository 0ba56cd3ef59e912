import { Injectable } from '@nestjs/common';
import { ApiException, Caller, effectIdOf } from '@payments/http';
import { CustomerReadinessClient } from '@payments/runtime';
import { ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { Rail, RailOutcome } from '@transfers/rails/rail';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { NewTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';
import { assertTransferAllowed } from '@transfers/transfers/transfer-rules';
import { TransferInDto, TransferOutDto } from '@transfers/transfers/dto/transfer.dto';
import { TransferFeesClient } from '@transfers/transfers/transfer-fees.client';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';
import { PendingOpener } from '@transfers/transfers/pending-opener';
import { sameCurrencyTransaction, TransactionEnds } from '@transfers/transfers/same-currency';

/** Same-currency transfers between a customer's internal and external accounts. */
@Injectable()
export class TransfersService {
  constructor(
    private readonly store: TransactionStore,
    private readonly ledger: LedgerClient,
    private readonly externalAccounts: ExternalAccountsClient,
    private readonly fees: TransferFeesClient,
    private readonly outgoing: OutgoingSender,
    private readonly opener: PendingOpener,
    private readonly rails: Rail,
    private readonly readiness: CustomerReadinessClient,
  ) {}

  /** Pulls from a pull-capable external account; the internal account is credited when the rail settles. */
  async transferIn(caller: Caller, body: TransferInDto): Promise<TransactionView> {
    const id = effectIdOf(caller, 'transfer-in');
    const existing = await this.existing(caller, id);
    if (existing) return presentTransaction(existing);
    const { transaction, rail } = await this.prepare(caller, id, 'IN', body);
    return this.opener.open(caller, transaction, rail);
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
    if (internal.customerId)
      await this.readiness.assertReady(caller, internal.customerId, [internal.currency]);
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
    const transaction = sameCurrencyTransaction(id, caller, internal, ends, body.amount);
    return {
      transaction: await this.withPlatformFee(caller, transaction, incoming ? 'TRANSFER_IN' : 'TRANSFER_OUT'),
      rail: this.rails.outcomeOf(caller, incoming ? 'PULL' : 'PUSH', external.primaryIdentifier),
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
}
