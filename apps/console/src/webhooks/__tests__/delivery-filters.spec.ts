import { deliveryQuery, redeliverFilter } from '@console/webhooks/delivery-filters';

describe('deliveryQuery', () => {
  it('maps the filters to the delivery log query, days as inclusive creation bounds', () => {
    expect(
      deliveryQuery(
        { status: 'FAILED', type: 'OUTGOING_PAYMENT', transactionId: ' Transaction:1 ', from: '2026-11-02' },
        'c',
      ),
    ).toEqual({
      limit: 20,
      cursor: 'c',
      status: 'FAILED',
      type: 'OUTGOING_PAYMENT',
      transactionId: 'Transaction:1',
      createdAfter: '2026-11-02T00:00:00.000Z',
    });
  });
});

describe('redeliverFilter', () => {
  it('redelivers what the list shows: status, type and creation days', () => {
    expect(redeliverFilter({ status: 'FAILED', type: 'KYC_STATUS', to: '2026-11-03' })).toEqual({
      filter: { status: 'FAILED', type: 'KYC_STATUS', createdBefore: '2026-11-03T23:59:59.999Z' },
    });
  });

  it('refuses a list the API could not redeliver as shown', () => {
    expect(redeliverFilter({})).toHaveProperty('refusal');
    expect(redeliverFilter({ status: 'PENDING' })).toHaveProperty('refusal');
    expect(redeliverFilter({ status: 'FAILED', transactionId: 'Transaction:1' })).toHaveProperty('refusal');
  });
});
