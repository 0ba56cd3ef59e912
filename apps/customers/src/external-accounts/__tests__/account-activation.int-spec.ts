import { Customer } from '@customers/customers/customer.entity';
import { AccountInfo } from '@customers/external-accounts/account-info';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import { NewExternalAccount } from '@customers/external-accounts/external-accounts.service';
import { VALID_ACCOUNTS } from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsService } from '@customers/external-accounts/__tests__/external-accounts-kit';
import { customerRow, scope } from '@customers/__tests__/tenant-kit';
import { fakeClock, useTenantDatabase } from '@customers/__tests__/tenant-database';

useTenantDatabase();

const NOW = new Date('2025-10-13T10:00:00.000Z');
const seconds = (count: number) => new Date(NOW.getTime() + count * 1_000);

/** A US account of `customer`, as a link provider's exchange adds it: PENDING until `activateAt`. */
const linked = (customer: Customer, activateAt?: Date): NewExternalAccount => ({
  scope,
  customer,
  currency: 'USD',
  accountInfo: VALID_ACCOUNTS.US_ACCOUNT.accountInfo as AccountInfo,
  activateAt,
});

beforeEach(() => fakeClock(NOW));
afterEach(() => jest.useRealTimers());

describe('ExternalAccountsService: accounts that wait (activateAt)', () => {
  it('keeps an account PENDING, its beneficiary not yet checked, until it is due; then activates it', async () => {
    const { service, database, holder } = await externalAccountsService();
    const account = await service.insert(database.manager, linked(holder, seconds(1)));
    expect(account).toMatchObject({ status: 'PENDING', beneficiaryVerificationStatus: 'PENDING' });

    expect(await service.activateDue(10)).toEqual({ taken: 0, failures: [] });
    jest.setSystemTime(seconds(1));
    expect(await service.activateDue(10)).toEqual({ taken: 1, failures: [] });

    expect(await database.rows(ExternalAccount)).toEqual([
      expect.objectContaining({
        status: 'ACTIVE',
        activateAt: null,
        beneficiaryVerificationStatus: 'MATCHED',
        beneficiaryVerifiedName: 'Jane Doe',
      }),
    ]);
  });

  it('takes at most `limit` due accounts, the earliest due first, and never a parked one', async () => {
    const { service, database, holder } = await externalAccountsService();
    const later = await service.insert(database.manager, linked(holder, seconds(2)));
    const parked = await service.insert(database.manager, linked(holder, seconds(0)));
    const earlier = await service.insert(database.manager, linked(holder, seconds(1)));
    await database.manager.update(ExternalAccount, parked.id, { parkedAt: NOW });
    jest.setSystemTime(seconds(5));

    expect(await service.activateDue(1)).toMatchObject({ taken: 1 });
    const statusesOf = async (...ids: string[]) => {
      const rows = await database.rows(ExternalAccount);
      return ids.map((id) => rows.find((row) => row.id === id)!.status);
    };
    expect(await statusesOf(earlier.id, later.id, parked.id)).toEqual(['ACTIVE', 'PENDING', 'PENDING']);
    await service.activateDue(10);
    expect(await statusesOf(later.id, parked.id)).toEqual(['ACTIVE', 'PENDING']);
  });

  it('activates the others when one account cannot be written, and answers that one as failed', async () => {
    const { service, database, holder } = await externalAccountsService();
    const accounts: ExternalAccount[] = [];
    for (const due of [1, 2, 3])
      accounts.push(await service.insert(database.manager, linked(holder, seconds(due))));
    // Stands for an account the activation cannot write: a data exception on this row only.
    await database.dataSource.query(`
      CREATE OR REPLACE FUNCTION refuse_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = '${accounts[1].id}' THEN
          RAISE EXCEPTION 'invalid byte sequence for encoding "UTF8": 0x00' USING ERRCODE = '22021';
        END IF;
        RETURN NEW;
      END $$`);
    await database.dataSource.query(
      `CREATE TRIGGER refuse_account BEFORE UPDATE ON external_accounts FOR EACH ROW EXECUTE FUNCTION refuse_account()`,
    );
    jest.setSystemTime(seconds(5));

    const { taken, failures } = await service.activateDue(10);

    expect(taken).toBe(3);
    expect(failures).toEqual([
      {
        item: expect.objectContaining({ id: accounts[1].id }),
        error: expect.objectContaining({ code: '22021' }),
      },
    ]);
    expect((await database.rows(ExternalAccount)).map((row) => row.status)).toEqual([
      'ACTIVE',
      'PENDING',
      'ACTIVE',
    ]);
    await database.dataSource.query(`DROP TRIGGER refuse_account ON external_accounts`);
  });
});

describe("ExternalAccountsService: new customers' accounts in bulk (insertMany)", () => {
  it('adds them in one statement, ACTIVE, each checked against its own customer', async () => {
    const { service, database, holder } = await externalAccountsService();
    const john = customerRow({ fullName: 'John Smith' });
    await database.seed(Customer, john);
    const insert = jest.spyOn(database.manager, 'insert');

    await service.insertMany(database.manager, [linked(holder), linked(john)]);

    expect(insert).toHaveBeenCalledTimes(1);
    expect(await database.rows(ExternalAccount)).toEqual([
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
    const { service, database, holder } = await externalAccountsService();

    await expect(
      service.insertMany(database.manager, [
        linked(holder),
        { ...linked(holder), defaultUmaDepositAccount: true },
      ]),
    ).rejects.toThrow('insertMany adds no default UMA deposit accounts');
    expect(await database.rows(ExternalAccount)).toEqual([]);
  });
});
