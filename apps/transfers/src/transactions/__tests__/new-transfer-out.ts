import { Environment } from '@payments/contracts';
import { randomUUID } from 'node:crypto';
import {
  newReference,
  NewScheduledTransaction,
  NewTransaction,
  RailSchedule,
} from '@transfers/transactions/transaction-insert';

/**
 * A same-currency transfer-out with a new id, to insert with TransactionStore, its rail attempt due
 * at once; `changes` override fields of either.
 */
export function newTransferOut(
  changes: { transaction?: Partial<NewTransaction>; rail?: Partial<RailSchedule> } = {},
): NewScheduledTransaction {
  return {
    transaction: {
      id: randomUUID(),
      platformId: randomUUID(),
      environment: Environment.Sandbox,
      type: 'OUTGOING',
      sourceType: 'ACCOUNT',
      sourceAccountId: `InternalAccount:${randomUUID()}`,
      sourceCurrency: 'USD',
      destinationAccountId: `ExternalAccount:${randomUUID()}`,
      destinationCurrency: 'USD',
      customerId: null,
      platformCustomerId: null,
      sentAmount: 1_000,
      receivedAmount: 1_000,
      reference: newReference(),
      ...changes.transaction,
    },
    rail: { answer: 'SETTLE', delayMs: 0, firstLookInMs: 0, ...changes.rail },
  };
}
