import { Logger } from '@nestjs/common';
import { toApiId } from '@payments/contracts';
import { Customer } from '@customers/customers/customer.entity';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import {
  customerBatchesService,
  entry,
  POISON,
  US_ACCOUNT,
} from '@customers/customer-batches/__tests__/customer-batches-kit';
import { caller, customerRow, stranger, UMA_DOMAIN } from '@customers/__tests__/tenant-kit';
import { useTenantDatabase } from '@customers/__tests__/tenant-database';

const created = { customerId: expect.stringMatching(/^Customer:/) };
const failed = (code: string) => ({ error: expect.objectContaining({ code }) });

useTenantDatabase();
beforeAll(() => Logger.overrideLogger(false));

describe('CustomerBatchesService', () => {
  it("creates each entry's customer as POST /customers would, with its account and one customer.created each", async () => {
    const { service, database } = await customerBatchesService();

    const { results } = await service.create(caller, {
      batchKey: 'batch-1',
      entries: [entry('Ada 1'), entry('ada-2', { umaAddress: `$ada@${UMA_DOMAIN}` }, US_ACCOUNT)],
    });

    expect(results).toEqual([created, created]);
    const customers = await database.rows(Customer);
    expect(customers).toEqual([
      expect.objectContaining({
        platformCustomerId: 'Ada 1',
        umaAddress: `$ada-1@${UMA_DOMAIN}`,
        kycStatus: 'APPROVED',
      }),
      expect.objectContaining({ platformCustomerId: 'ada-2', umaAddress: `$ada@${UMA_DOMAIN}` }),
    ]);
    expect(results).toEqual(customers.map((customer) => ({ customerId: toApiId('Customer', customer.id) })));
    expect(await database.rows(ExternalAccount)).toEqual([
      expect.objectContaining({
        customerId: customers[1].id,
        status: 'ACTIVE',
        defaultUmaDepositAccount: false,
        beneficiaryVerificationStatus: 'MATCHED',
      }),
    ]);
    expect(await database.outboxEvents()).toEqual(
      results.map((result) => ({
        topic: 'customers.customer-events.v1',
        requestId: 'req-1',
        event: expect.objectContaining({
          type: 'customer.created',
          aggregateId: (result as { customerId: string }).customerId,
          payload: expect.objectContaining({ currencies: ['USD'] }),
        }),
      })),
    );
  });

  it('fails an entry alone with the error the endpoints would answer, its account fields named under externalAccount, and creates one lacking what the currencies require, naming it', async () => {
    const { service, database } = await customerBatchesService(['USD', 'MXN']);
    const complete = {
      nationality: 'GB',
      address: { line1: '1 Main St', postalCode: 'N1 1AA', country: 'GB' },
    };
    const badRouting = {
      ...US_ACCOUNT,
      accountInfo: { ...US_ACCOUNT.accountInfo, routingNumber: '021000022' },
    };

    const { results } = await service.create(caller, {
      batchKey: 'batch-1',
      entries: [
        entry('c-1', { customerType: 'ROBOT' }),
        'not an entry',
        entry('c-3', complete, badRouting),
        entry('c-4'),
        entry('c-5', complete),
      ],
    });

    expect(results).toEqual([
      failed('INVALID_INPUT'),
      failed('INVALID_INPUT'),
      {
        error: expect.objectContaining({
          code: 'INVALID_BANK_ACCOUNT',
          details: {
            errors: [expect.objectContaining({ field: 'externalAccount.accountInfo.routingNumber' })],
          },
        }),
      },
      { ...created, missingFields: ['NATIONALITY', 'ADDRESS'] },
      created,
    ]);
    expect((await database.rows(Customer)).map((customer) => customer.platformCustomerId)).toEqual([
      'c-4',
      'c-5',
    ]);
    expect(await database.outboxEvents()).toHaveLength(2);
  });

  it("refuses the row of an address on another platform's domain with INVALID_UMA_ADDRESS, creating the others", async () => {
    const { service, database } = await customerBatchesService();

    const { results } = await service.create(caller, {
      batchKey: 'batch-1',
      entries: [entry('squat', { umaAddress: '$bob@other-2.uma.local' }), entry('own')],
    });

    expect(results).toEqual([failed('INVALID_UMA_ADDRESS'), created]);
    expect((await database.rows(Customer)).map((customer) => customer.platformCustomerId)).toEqual(['own']);
  });

  it("answers CONFLICT for a live customer's platformCustomerId (an earlier entry's too) and UMA_ADDRESS_EXISTS for a taken address", async () => {
    const { service, database } = await customerBatchesService();
    await database.seed(
      Customer,
      customerRow({ platformCustomerId: 'taken', umaAddress: `$taken@${UMA_DOMAIN}` }),
      customerRow({
        platformCustomerId: 'freed',
        umaAddress: `$freed@${UMA_DOMAIN}`,
        deletedAt: new Date(),
      }),
    );

    const { results } = await service.create(caller, {
      batchKey: 'batch-1',
      entries: [
        entry('taken', {}, US_ACCOUNT),
        entry('freed'),
        entry('new', { umaAddress: `$taken@${UMA_DOMAIN}` }, US_ACCOUNT),
        entry('twice'),
        entry('twice', {}, US_ACCOUNT),
      ],
    });

    expect(results).toEqual([
      failed('CONFLICT'),
      created,
      failed('UMA_ADDRESS_EXISTS'),
      created,
      failed('CONFLICT'),
    ]);
    // Only created customers get accounts.
    expect(await database.rows(ExternalAccount)).toEqual([]);
    expect(await database.outboxEvents()).toHaveLength(2);
  });

  it('fails the entry the database refuses with ENTRY_NOT_STORED, and creates the others with their accounts', async () => {
    const { service, database } = await customerBatchesService();

    const { results } = await service.create(caller, {
      batchKey: 'batch-1',
      entries: [entry('c-1', {}, US_ACCOUNT), entry(POISON, {}, US_ACCOUNT), entry('c-3', {}, US_ACCOUNT)],
    });

    expect(results).toEqual([
      created,
      {
        error: {
          code: 'ENTRY_NOT_STORED',
          message: 'This entry could not be stored',
          details: { reason: '23514' },
        },
      },
      created,
    ]);
    expect((await database.rows(Customer)).map((customer) => customer.platformCustomerId)).toEqual([
      'c-1',
      'c-3',
    ]);
    expect(await database.rows(ExternalAccount)).toHaveLength(2);
    expect(await database.outboxEvents()).toHaveLength(2);
  });

  describe('a batch sent again', () => {
    it('answers with the outcome stored under its key, creating nothing twice', async () => {
      const { service, database } = await customerBatchesService();
      const first = await service.create(caller, {
        batchKey: 'batch-1',
        entries: [entry('c-1'), entry('c-1')],
      });

      const again = await service.create(caller, { batchKey: 'batch-1', entries: [entry('c-9')] });

      expect(again).toEqual(first);
      expect(await database.rows(Customer)).toHaveLength(1);
      expect(await database.outboxEvents()).toHaveLength(1);
    });

    it('replays the outcome that its first attempt stored while it waited for the lock', async () => {
      const { service, database, store } = await customerBatchesService();
      const first = await service.create(caller, { batchKey: 'batch-1', entries: [entry('c-1')] });
      // Read before the first attempt committed: nothing stored yet.
      jest.spyOn(store, 'storedResults').mockResolvedValueOnce(undefined);

      expect(await service.create(caller, { batchKey: 'batch-1', entries: [entry('c-1')] })).toEqual(first);
      expect(await database.rows(Customer)).toHaveLength(1);
    });

    it("keeps another platform's batch of the same key apart", async () => {
      const { service, database } = await customerBatchesService();
      await service.create(caller, { batchKey: 'batch-1', entries: [entry('c-1')] });

      const theirs = await service.create(stranger, {
        batchKey: 'batch-1',
        entries: [entry('c-1'), entry('c-2')],
      });

      expect(theirs.results).toEqual([created, created]);
      expect(await database.rows(Customer)).toHaveLength(3);
    });

    it('keeps the outcome of a batch that created nothing, with no event', async () => {
      const { service, database } = await customerBatchesService();
      const first = await service.create(caller, {
        batchKey: 'batch-1',
        entries: [entry(' ', { fullName: 1 })],
      });

      expect(first.results).toEqual([failed('INVALID_INPUT')]);
      expect(await service.create(caller, { batchKey: 'batch-1', entries: [entry('c-1')] })).toEqual(first);
      expect(await database.rows(Customer)).toEqual([]);
      expect(await database.outboxEvents()).toEqual([]);
    });
  });
});
