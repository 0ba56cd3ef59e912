import { Injectable } from '@nestjs/common';
import { Environment, isIdOf, toApiId } from '@payments/contracts';
import { ApiException, Caller, effectIdOf } from '@payments/http';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { PendingOpener } from '@transfers/transfers/pending-opener';
import { sameCurrencyTransaction } from '@transfers/transfers/same-currency';

/**
 * Simulates money arriving for an internal account (sandbox only). The deposit is made in the
 * request; the transaction's rail attempt is due at once too, so that if this request dies after its
 * row, the settlement worker completes it (both paths are idempotent: one DEPOSIT per transaction,
 * one guarded move to COMPLETED).
 */
@Injectable()
export class SandboxFundingService {
  constructor(
    private readonly ledger: LedgerClient,
    private readonly store: TransactionStore,
    private readonly opener: PendingOpener,
  ) {}

  /** Answers the account with its new balance. */
  async fund(caller: Caller, accountId: string, amount: number): Promise<Record<string, unknown>> {
    if (caller.environment !== Environment.Sandbox) {
      throw new ApiException(
        'FORBIDDEN',
        'Sandbox helpers are not available with production credentials: call them with the sandbox client id and secret',
      );
    }
    if (!isIdOf('InternalAccount', accountId)) {
      throw ApiException.notFound('ACCOUNT_NOT_FOUND', `Account ${accountId}`);
    }
    const internal = await this.ledger.account(caller, accountId);
    const transaction = sameCurrencyTransaction(
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
    await this.opener.open(caller, transaction, { answer: 'SETTLE', delayMs: 0 });
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
}
