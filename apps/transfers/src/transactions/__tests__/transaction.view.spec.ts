import { TRANSACTION_EVENTS } from '@payments/contracts';
import { statusChanged } from '@transfers/transactions/transaction-events';
import {
  ID,
  PLATFORM,
  transactionRow as transaction,
} from '@transfers/transactions/__tests__/transaction-row';
import { presentTransaction } from '@transfers/transactions/transaction.view';

describe('transaction view', () => {
  it('shows every TransactionView field that applies, amounts as numbers with currency objects', () => {
    expect(presentTransaction(transaction())).toEqual({
      id: `Transaction:${ID}`,
      status: 'PENDING',
      type: 'OUTGOING',
      source: {
        sourceType: 'ACCOUNT',
        accountId: 'InternalAccount:11111111-1111-4111-8111-111111111111',
        currency: 'USD',
      },
      destination: {
        destinationType: 'ACCOUNT',
        accountId: 'ExternalAccount:22222222-2222-4222-8222-222222222222',
        currency: 'USD',
      },
      customerId: 'Customer:33333333-3333-4333-8333-333333333333',
      platformCustomerId: 'cust-1',
      sentAmount: {
        amount: 12550,
        currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
      },
      receivedAmount: {
        amount: 12550,
        currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
      },
      exchangeRate: 1,
      rateDetails: {
        serviceApiMultiplier: 1,
        serviceApiFixedFee: 0,
        serviceApiVariableFeeRate: 0,
        serviceApiVariableFeeAmount: 0,
        platformFixedFee: 0,
        platformVariableFeeRate: 0,
        platformVariableFeeAmount: 0,
      },
      createdAt: '2025-10-13T09:30:00.000Z',
      updatedAt: '2025-10-13T09:30:00.100Z',
      reconciliationInstructions: { reference: 'TR-0123456789ABCDEF' },
    });
  });

  it('leaves out the reconciliation reference only while CREATED', () => {
    expect(presentTransaction(transaction({ status: 'CREATED' }))).not.toHaveProperty(
      'reconciliationInstructions',
    );
    for (const status of ['COMPLETED', 'FAILED', 'REJECTED'] as const) {
      expect(presentTransaction(transaction({ status })).reconciliationInstructions).toEqual({
        reference: 'TR-0123456789ABCDEF',
      });
    }
  });

  it('shows settlement and failure when they happened', () => {
    const settled = presentTransaction(
      transaction({ status: 'COMPLETED', settledAt: new Date('2025-10-13T09:30:00.600Z') }),
    );
    expect(settled.settledAt).toBe('2025-10-13T09:30:00.600Z');
    const failed = presentTransaction(
      transaction({
        status: 'FAILED',
        failureReason: 'OFFRAMP_FAILED',
        failureDetail: 'Account closed or invalid',
      }),
    );
    expect(failed).toMatchObject({
      failureReason: 'OFFRAMP_FAILED',
      failureDetail: 'Account closed or invalid',
    });
    expect(failed).not.toHaveProperty('settledAt');
  });

  it('shows a sandbox deposit into a platform account without source account or customer', () => {
    const view = presentTransaction(
      transaction({
        type: 'INCOMING',
        sourceType: 'REALTIME_FUNDING',
        sourceAccountId: null,
        customerId: null,
        platformCustomerId: null,
      }),
    );
    expect(view.source).toEqual({ sourceType: 'REALTIME_FUNDING', currency: 'USD' });
    expect(view).not.toHaveProperty('customerId');
    expect(view).not.toHaveProperty('platformCustomerId');
  });

  it('refuses to round an amount JSON cannot hold exactly', () => {
    expect(() => presentTransaction(transaction({ sentAmount: '9007199254740993' }))).toThrow(/JSON-safe/);
  });
});

describe('transaction status event', () => {
  it('carries the API view and the previous status, keyed by the transaction, and decodes on its topic', () => {
    const moved = transaction({ status: 'COMPLETED', settledAt: new Date('2025-10-13T09:30:00.600Z') });
    const event = statusChanged({ transaction: moved, previousStatus: 'PENDING' });

    expect(TRANSACTION_EVENTS.decode(JSON.stringify(event))).toEqual(event);
    expect(event).toMatchObject({
      type: 'transaction.status-changed',
      version: 1,
      platformId: `Platform:${PLATFORM}`,
      environment: 'SANDBOX',
      aggregateId: `Transaction:${ID}`,
      payload: { previousStatus: 'PENDING' },
    });
    expect(event.payload.transaction).toEqual(presentTransaction(moved));
  });
});
