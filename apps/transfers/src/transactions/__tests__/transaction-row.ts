import { Environment } from '@payments/contracts';
import { Transaction } from '@transfers/transactions/transaction.entity';

export const ID = '0a6c3f0e-51a4-4b1e-9f3c-4c1f6d2b8e01';
export const PLATFORM = '7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e';

/** A stored transaction as the store reads it: a same-currency transfer-out unless `changes` say otherwise. */
export function transactionRow(changes: Partial<Transaction> = {}): Transaction {
  return {
    id: ID,
    seq: '42',
    platformId: PLATFORM,
    environment: Environment.Sandbox,
    type: 'OUTGOING',
    status: 'PENDING',
    sourceType: 'ACCOUNT',
    sourceAccountId: 'InternalAccount:11111111-1111-4111-8111-111111111111',
    sourceUmaAddress: null,
    sourceCurrency: 'USD',
    destinationType: 'ACCOUNT',
    destinationAccountId: 'ExternalAccount:22222222-2222-4222-8222-222222222222',
    destinationUmaAddress: null,
    destinationCurrency: 'USD',
    customerId: 'Customer:33333333-3333-4333-8333-333333333333',
    platformCustomerId: 'cust-1',
    sentAmount: '12550',
    receivedAmount: '12550',
    description: null,
    counterpartyInformation: null,
    failureReason: null,
    failureDetail: null,
    reference: 'TR-0123456789ABCDEF',
    settledAt: null,
    quoteId: null,
    exchangeRate: null,
    rateDetails: null,
    platformFee: '0',
    serviceFee: '0',
    fundingAccountId: null,
    createdAt: new Date('2025-10-13T09:30:00.000Z'),
    updatedAt: new Date('2025-10-13T09:30:00.100Z'),
    ...changes,
  };
}
