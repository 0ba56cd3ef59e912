import { FILTER_FIELDS, transactionQuery } from '@console/transactions/transaction-filters';
import { searchFields } from '@console/ui/search-filters';

describe('transactionQuery', () => {
  it('asks for a page of 20 and nothing else without filters', () => {
    expect(transactionQuery({})).toEqual({ limit: 20 });
  });

  it('searches a Customer: id by customerId and other text by platformCustomerId', () => {
    expect(transactionQuery({ customer: ' Customer:0195 ' })).toEqual({
      limit: 20,
      customerId: 'Customer:0195',
    });
    expect(transactionQuery({ customer: 'cust-42' })).toEqual({ limit: 20, platformCustomerId: 'cust-42' });
  });

  it('bounds the days inclusively in UTC', () => {
    expect(transactionQuery({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      limit: 20,
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-11-30T23:59:59.999Z',
    });
  });

  it('drops malformed days and blank text', () => {
    expect(transactionQuery({ from: '11/01/2026', to: '', reference: '  ', status: '' })).toEqual({
      limit: 20,
    });
  });

  it('asks for the pages of 50 or 100 offered, and 20 for any other size', () => {
    expect(transactionQuery({ limit: '100' })).toEqual({ limit: 100 });
    expect(transactionQuery({ limit: '50' })).toEqual({ limit: 50 });
    expect(transactionQuery({ limit: '1000' })).toEqual({ limit: 20 });
  });

  it('passes status, type, reference and the cursor', () => {
    expect(transactionQuery({ status: 'PENDING', type: 'INCOMING', reference: 'TR-1' }, 'next-page')).toEqual(
      {
        limit: 20,
        cursor: 'next-page',
        status: 'PENDING',
        type: 'INCOMING',
        reference: 'TR-1',
      },
    );
  });
});

describe('searchFields', () => {
  it('reads the known fields of the address and ignores the rest', () => {
    expect(
      searchFields(new URLSearchParams('status=FAILED&customer=c-1&evil=1&from='), FILTER_FIELDS),
    ).toEqual({
      status: 'FAILED',
      customer: 'c-1',
    });
  });
});
