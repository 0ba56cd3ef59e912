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
    expect(filters).toEqual([
      { where: 'transaction.customerId = :customerId', parameters: { customerId: 'Customer:1' } },
      {
        where: 'transaction.platformCustomerId = :platformCustomerId',
        parameters: { platformCustomerId: 'p-1' },
      },
      {
        where: 'transaction.sourceAccountId = :senderAccountIdentifier',
        parameters: { senderAccountIdentifier: 'InternalAccount:2' },
      },
      {
        where: 'transaction.destinationAccountId = :receiverAccountIdentifier',
        parameters: { receiverAccountIdentifier: 'ExternalAccount:3' },
      },
      { where: 'transaction.status = :status', parameters: { status: 'COMPLETED' } },
      { where: 'transaction.type = :type', parameters: { type: 'OUTGOING' } },
      { where: 'transaction.reference = :reference', parameters: { reference: 'TR-ABC' } },
    ]);
  });

  it('bounds the creation time inclusively on both sides', () => {
    expect(
      transactionFilters(query({ startDate: '2025-10-13T00:00:00Z', endDate: '2025-10-14T00:00:00.000Z' })),
    ).toEqual([
      {
        where: 'transaction.createdAt >= :startDate',
        parameters: { startDate: new Date('2025-10-13T00:00:00Z') },
      },
      {
        where: 'transaction.createdAt <= :endDate',
        parameters: { endDate: new Date('2025-10-14T00:00:00Z') },
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
