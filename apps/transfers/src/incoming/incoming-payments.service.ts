import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { RequestedCustomerInfoField } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { DataSource } from 'typeorm';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { IncomingApprovalsStore } from '@transfers/incoming/incoming-approvals.store';
import { IncomingRecipient, IncomingRecipientsClient } from '@transfers/incoming/incoming-recipients.client';
import { Rail, RailOutcome } from '@transfers/rails/rail';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { NewTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';
import { newReference } from '@transfers/transactions/transaction-insert';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/**
 * Before a 202 starts the approval window, the pending webhook has to reach the platform and its
 * answer come back (the dispatcher cuts the request off after APPROVAL_TIMEOUT_SECONDS): twice the
 * window in all, after which the payment fails as unanswered.
 */
const FIRST_DEADLINE_WINDOWS = 2;

/** An incoming UMA payment to open, from whichever sender: a sandbox one, or a UMA peer's pay request. */
export interface NewIncomingPayment {
  /** The transaction's id: the same payment asked for again finds it. */
  id: string;
  senderUmaAddress: string;
  recipient: { receiverUmaAddress?: string; customerId?: string };
  currency: string;
  /** Smallest unit of `currency`. */
  amount: number;
  /** What the sender tells about itself, given the fields the platform asks of counterparties in the currency. */
  counterpartyInformation(requiredCounterpartyFields: string[]): Record<string, string>;
  /**
   * Paid by a platform of this deployment: credited only once the sender's side has reserved its
   * money, so that a sender refused after its pay request was accepted credits nothing (docs/uma.md).
   */
  awaitsSenderFunding?: boolean;
}

/**
 * Opens an INCOMING payment that waits PENDING for the platform's approval (docs/architecture.md
 * "Incoming payments and their approval"): its move to PENDING carries the approval request, which
 * the webhook dispatcher turns into the pending INCOMING_PAYMENT webhook.
 */
@Injectable()
export class IncomingPayments {
  private readonly approvalTimeoutSeconds: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionStore,
    private readonly rails: RailAttemptsStore,
    private readonly approvals: IncomingApprovalsStore,
    private readonly recipients: IncomingRecipientsClient,
    private readonly ledger: LedgerClient,
    private readonly rail: Rail,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    this.approvalTimeoutSeconds = config.get('APPROVAL_TIMEOUT_SECONDS', { infer: true });
  }

  async open(caller: Caller, payment: NewIncomingPayment): Promise<TransactionView> {
    const { currency, amount } = payment;
    const recipient = await this.recipients.find(caller, payment.recipient, currency);
    if (amount < recipient.minAmount || amount > recipient.maxAmount) {
      throw new ApiException(
        'AMOUNT_OUT_OF_RANGE',
        `receivingCurrencyAmount must be between ${recipient.minAmount} and ${recipient.maxAmount} ${currency}`,
      );
    }
    const internal = await this.ledger.customerAccount(caller, recipient.customerId, currency);
    const forwardTo = recipient.defaultUmaDepositAccount;
    const transaction: NewTransaction = {
      id: payment.id,
      ...scopeOf(caller),
      type: 'INCOMING',
      sourceType: 'UMA_ADDRESS',
      sourceAccountId: null,
      sourceUmaAddress: payment.senderUmaAddress,
      sourceCurrency: currency,
      destinationAccountId: forwardTo?.id ?? internal.id,
      destinationCurrency: currency,
      // Forwarded money passes through the customer's internal account (see planSettlement).
      ...(forwardTo ? { fundingAccountId: internal.id } : {}),
      customerId: recipient.customerId,
      platformCustomerId: recipient.platformCustomerId,
      sentAmount: amount,
      receivedAmount: amount,
      reference: newReference(),
      counterpartyInformation: payment.counterpartyInformation(
        recipient.requiredCounterpartyFields.map((field) => field.name),
      ),
    };
    // Forwarded on the rail (its sandbox patterns apply in sandbox only), else credited at once.
    const rail: RailOutcome = forwardTo
      ? this.rail.outcomeOf(caller, 'PUSH', forwardTo.primaryIdentifier)
      : { answer: 'SETTLE', delayMs: 0 };
    // The sender's payment that funds this one must name the customer's address (docs/uma.md).
    const funded = payment.awaitsSenderFunding
      ? { ...rail, awaitsFunding: true, payeeUmaAddress: recipient.umaAddress }
      : rail;
    return this.write(caller, transaction, funded, requestedReceiverFields(recipient));
  }

  /**
   * Writes the transaction PENDING with its approval and its rail attempt held back, in one database
   * transaction; the same request again finds it written and answers it as it stands.
   */
  private async write(
    caller: Caller,
    transaction: NewTransaction,
    rail: RailOutcome,
    requestedReceiverCustomerInfoFields: RequestedCustomerInfoField[],
  ): Promise<TransactionView> {
    const opened = await this.dataSource.transaction(async (manager) => {
      const [inserted] = await this.transactions.insert(manager, [
        { transaction, rail: { ...rail, firstLookInMs: 0 } },
      ]);
      if (!inserted) return undefined;
      const [moved] = await this.transactions.move(manager, [
        {
          id: transaction.id,
          from: 'CREATED',
          to: 'PENDING',
          reason: "Awaiting the platform's approval",
          requestId: caller.requestId,
          approval: { requestedReceiverCustomerInfoFields },
        },
      ]);
      await this.rails.holdUntilApproved(manager, [transaction.id]);
      await this.approvals.insert(
        manager,
        transaction.id,
        requestedReceiverCustomerInfoFields,
        FIRST_DEADLINE_WINDOWS * this.approvalTimeoutSeconds,
      );
      return presentTransaction(moved.transaction);
    });
    return opened ?? presentTransaction(await this.transactions.getFoundOnInsert(transaction.id));
  }
}

/**
 * What the sender asks about the recipient: what its provider requires about the other party of a
 * payment in the currency, all of it mandatory.
 */
function requestedReceiverFields(recipient: IncomingRecipient): RequestedCustomerInfoField[] {
  return recipient.providerCounterpartyFields.map((name) => ({ name, mandatory: true }));
}
