import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ListTransactionsQuery } from '@transfers/transactions/dto/list-transactions.query';
import { transactionFilters } from '@transfers/transactions/transaction-filters';

function query(raw: Record<string, string>): ListTransactionsQuery {
  return plainToInstance(ListTransactionsQuery, raw);
}

function invalidFields(raw: Record<string, string>): string[] {
  return validateSync(query(raw), { whitelist: true, forbidNonWhitelisted: true }).map(
    (error) => error.property,
  );
}

describe('transaction list filters', () => {
  it('adds nothing for an empty query', () => {
    expect(transactionFilters(query({}))).toEqual([]);
  });

  it('maps each filter of GET /transactions (docs/openapi.json) to its column', () => {
    const filters = transactionFilters(
      query({
        customerId: 'Customer:1',
        platformCustomerId: 'p-1',
        senderAccountIdentifier: 'InternalAccount:2',
        receiverAccountIdentifier: 'ExternalAccount:3',
        status: 'COMPLETED',
        type: 'OUTGOING',
        reference: 'TR-ABC',
      }),
    );
    expect(filters).toEqual(
      (
        [
          ['customerId', 'customerId', 'Customer:1'],
          ['platformCustomerId', 'platformCustomerId', 'p-1'],
          ['sourceAccountId', 'senderAccountIdentifier', 'InternalAccount:2'],
          ['destinationAccountId', 'receiverAccountIdentifier', 'ExternalAccount:3'],
          ['status', 'status', 'COMPLETED'],
          ['type', 'type', 'OUTGOING'],
          ['reference', 'reference', 'TR-ABC'],
        ] as const
      ).map(([property, parameter, value]) => ({
        where: `transaction.${property} = :${parameter}`,
        parameters: { [parameter]: value },
        equals: { property, value },
      })),
    );
  });

  it('bounds the creation time inclusively on both sides', () => {
    expect(
      transactionFilters(query({ startDate: '2025-10-13T00:00:00Z', endDate: '2025-10-14T00:00:00.000Z' })),
    ).toEqual([
      {
        where: 'transaction.createdAt >= :startDate',
        parameters: { startDate: new Date('2025-10-13T00:00:00Z') },
        bounds: 'createdAt',
      },
      {
        where: 'transaction.createdAt <= :endDate',
        parameters: { endDate: new Date('2025-10-14T00:00:00Z') },
        bounds: 'createdAt',
      },
    ]);
  });

  it('refuses unknown values, bad dates and sort orders', () => {
    expect(
      invalidFields({
        status: 'DONE',
        type: 'SIDEWAYS',
        startDate: 'yesterday',
        endDate: '2025-13-01',
        sortOrder: 'up',
      }),
    ).toEqual(['status', 'type', 'startDate', 'endDate', 'sortOrder']);
    expect(invalidFields({ sortOrder: 'asc', limit: '100' })).toEqual([]);
  });
});
