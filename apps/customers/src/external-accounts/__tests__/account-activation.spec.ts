import { Customer } from '@customers/customers/customer.entity';
import { AccountInfo } from '@customers/external-accounts/account-info';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import { NewExternalAccount } from '@customers/external-accounts/external-accounts.service';
import { VALID_ACCOUNTS } from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsService } from '@customers/external-accounts/__tests__/external-accounts-kit';
import { customerRow, scope } from '@customers/__tests__/tenant-kit';

const NOW = new Date('2025-10-13T10:00:00.000Z');
const seconds = (count: number) => new Date(NOW.getTime() + count * 1_000);
const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
  code: '22021',
});

/** A US account of `customer`, as a link provider's exchange adds it: PENDING until `activateAt`. */
const linked = (customer: Customer, activateAt?: Date): NewExternalAccount => ({
  scope,
  customer,
  currency: 'USD',
  accountInfo: VALID_ACCOUNTS.US_ACCOUNT.accountInfo as AccountInfo,
  activateAt,
});

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

describe('ExternalAccountsService: accounts that wait (activateAt)', () => {
  it('keeps an account PENDING, its beneficiary not yet checked, until it is due; then activates it', async () => {
    const { service, database, holder } = externalAccountsService();
    const account = await service.insert(database.manager, linked(holder, seconds(1)));
    expect(account).toMatchObject({ status: 'PENDING', beneficiaryVerificationStatus: 'PENDING' });

    expect(await service.activateDue(10)).toEqual({ taken: 0, failures: [] });
    jest.setSystemTime(seconds(1));
    expect(await service.activateDue(10)).toEqual({ taken: 1, failures: [] });

    expect(database.rows(ExternalAccount)).toEqual([
      expect.objectContaining({
        status: 'ACTIVE',
        activateAt: null,
        beneficiaryVerificationStatus: 'MATCHED',
        beneficiaryVerifiedName: 'Jane Doe',
      }),
    ]);
  });

  it('takes at most `limit` due accounts, the earliest due first, and never a parked one', async () => {
    const { service, database, holder } = externalAccountsService();
    const later = await service.insert(database.manager, linked(holder, seconds(2)));
    const parked = await service.insert(database.manager, linked(holder, seconds(0)));
    const earlier = await service.insert(database.manager, linked(holder, seconds(1)));
    await database.manager.update(ExternalAccount, parked.id, { parkedAt: NOW });
    jest.setSystemTime(seconds(5));

    expect(await service.activateDue(1)).toMatchObject({ taken: 1 });
    const statusOf = (id: string) => database.rows(ExternalAccount).find((row) => row.id === id)!.status;
    expect([earlier, later, parked].map(({ id }) => statusOf(id))).toEqual(['ACTIVE', 'PENDING', 'PENDING']);
    await service.activateDue(10);
    expect([later, parked].map(({ id }) => statusOf(id))).toEqual(['ACTIVE', 'PENDING']);
  });

  it('activates the others when one account cannot be written, and answers that one as failed', async () => {
    const { service, database, holder } = externalAccountsService();
    const accounts: ExternalAccount[] = [];
    for (const due of [1, 2, 3])
      accounts.push(await service.insert(database.manager, linked(holder, seconds(due))));
    const update = database.manager.update.bind(database.manager);
    jest
      .spyOn(database.manager, 'update')
      .mockImplementation((entity, id, changes) =>
        id === accounts[1].id ? Promise.reject(refused) : update(entity, id, changes),
      );
    jest.setSystemTime(seconds(5));

    const { taken, failures } = await service.activateDue(10);

    expect(taken).toBe(3);
    expect(failures).toEqual([{ item: expect.objectContaining({ id: accounts[1].id }), error: refused }]);
    expect(database.rows(ExternalAccount).map((row) => row.status)).toEqual(['ACTIVE', 'PENDING', 'ACTIVE']);
  });
});

describe("ExternalAccountsService: new customers' accounts in bulk (insertMany)", () => {
  it('adds them in one statement, ACTIVE, each checked against its own customer', async () => {
    const { service, database, holder } = externalAccountsService();
    const john = customerRow({ fullName: 'John Smith' });
    const insert = jest.spyOn(database.manager, 'insert');

    await service.insertMany(database.manager, [linked(holder), linked(john)]);

    expect(insert).toHaveBeenCalledTimes(1);
    expect(database.rows(ExternalAccount)).toEqual([
      expect.objectContaining({
        customerId: holder.id,
        status: 'ACTIVE',
        beneficiaryVerificationStatus: 'MATCHED',
      }),
      expect.objectContaining({
        customerId: john.id,
        status: 'ACTIVE',
        beneficiaryVerificationStatus: 'NOT_MATCHED',
      }),
    ]);
    await service.insertMany(database.manager, []);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('refuses a default UMA deposit account, which would need the previous default unset', async () => {
    const { service, database, holder } = externalAccountsService();

    await expect(
      service.insertMany(database.manager, [
        linked(holder),
        { ...linked(holder), defaultUmaDepositAccount: true },
      ]),
    ).rejects.toThrow('insertMany adds no default UMA deposit accounts');
    expect(database.rows(ExternalAccount)).toEqual([]);
  });
});
