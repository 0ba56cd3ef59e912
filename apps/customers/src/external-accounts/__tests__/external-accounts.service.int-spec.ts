import { randomUUID } from 'node:crypto';
import { toApiId } from '@payments/contracts';
import { Customer } from '@customers/customers/customer.entity';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import { FixtureAccountType, VALID_ACCOUNTS } from '@customers/external-accounts/__tests__/account-fixtures';
import {
  accountRequest,
  externalAccountsService,
} from '@customers/external-accounts/__tests__/external-accounts-kit';
import {
  caller,
  expectNotFoundToOthers,
  customerRow,
  production,
  stranger,
} from '@customers/__tests__/tenant-kit';
import { useTenantDatabase } from '@customers/__tests__/tenant-database';

useTenantDatabase();

const ACCOUNT_TYPES = Object.keys(VALID_ACCOUNTS) as FixtureAccountType[];

describe('ExternalAccountsService: adding an account', () => {
  it.each(ACCOUNT_TYPES)(
    "adds a customer's %s account ACTIVE, its beneficiary checked against the name on file",
    async (accountType) => {
      const { service, holderId } = await externalAccountsService();
      const wallet = accountType === 'SPARK_WALLET';

      const account = await service.create(caller, accountRequest(accountType, { customerId: holderId }));

      expect(account).toMatchObject({
        status: 'ACTIVE',
        customerId: holderId,
        currency: VALID_ACCOUNTS[accountType].currency,
        accountInfo: VALID_ACCOUNTS[accountType].accountInfo,
        defaultUmaDepositAccount: false,
        beneficiaryVerificationStatus: wallet ? 'UNSUPPORTED' : 'MATCHED',
        beneficiaryVerifiedData: wallet ? undefined : { fullName: 'Jane Doe' },
      });
    },
  );

  it("reports a partial match when only the holder's last name is the beneficiary's", async () => {
    const { service, database } = await externalAccountsService();
    const john = customerRow({ fullName: 'John Doe' });
    await database.seed(Customer, john);

    const account = await service.create(
      caller,
      accountRequest('CLABE', { customerId: toApiId('Customer', john.id), platformAccountId: 'ext-1' }),
    );

    expect(account).toMatchObject({
      beneficiaryVerificationStatus: 'PARTIAL_MATCH',
      beneficiaryVerifiedData: { fullName: 'John Doe' },
      platformAccountId: 'ext-1',
    });
  });

  it("adds the platform's own account without customerId, leaving the name check to the receiving institution", async () => {
    const { service } = await externalAccountsService();

    const account = await service.create(caller, accountRequest('IBAN'));

    expect(account).toMatchObject({
      customerId: null,
      beneficiaryVerificationStatus: 'CHECKED_BY_RECEIVING_FI',
    });
    expect(account.beneficiaryVerifiedData).toBeUndefined();
  });

  it("answers 404 USER_NOT_FOUND for an unknown, malformed, deleted or another platform's customer, adding nothing", async () => {
    const { service, database } = await externalAccountsService();
    const deleted = customerRow({ deletedAt: new Date() });
    const theirs = customerRow({}, stranger);
    await database.seed(Customer, deleted, theirs);

    for (const customerId of [
      toApiId('Customer', '00000000-0000-4000-8000-000000000000'),
      'Customer:nope',
      toApiId('Customer', deleted.id),
      toApiId('Customer', theirs.id),
    ]) {
      await expect(
        service.create(caller, accountRequest('US_ACCOUNT', { customerId })),
      ).rejects.toMatchObject({
        code: 'USER_NOT_FOUND',
      });
    }
    expect(await database.rows(ExternalAccount)).toEqual([]);
  });
});

describe('ExternalAccountsService: the default UMA deposit account', () => {
  it("replaces the owner's previous default, and leaves other owners' alone", async () => {
    const { service, database, holderId } = await externalAccountsService();
    const other = customerRow();
    await database.seed(Customer, other);
    const otherId = toApiId('Customer', other.id);
    const asDefault = (customerId?: string) =>
      service.create(caller, accountRequest('US_ACCOUNT', { customerId, defaultUmaDepositAccount: true }));

    const first = await asDefault(holderId);
    const othersDefault = await asDefault(otherId);
    const platformsDefault = await asDefault(undefined);
    const second = await asDefault(holderId);

    const defaults = (await database.rows(ExternalAccount))
      .filter((account) => account.defaultUmaDepositAccount)
      .map((account) => toApiId('ExternalAccount', account.id));
    expect(defaults.sort()).toEqual([othersDefault.id, platformsDefault.id, second.id].sort());
    expect(defaults).not.toContain(first.id);
  });
});

describe('ExternalAccountsService: listing accounts', () => {
  async function accounts() {
    const kit = await externalAccountsService();
    const other = customerRow();
    await kit.database.seed(Customer, other);
    const otherId = toApiId('Customer', other.id);
    const add = (accountType: FixtureAccountType, customerId?: string, who = caller) =>
      kit.service.create(who, accountRequest(accountType, { customerId }));
    const created = {
      holdersUsd: await add('US_ACCOUNT', kit.holderId),
      othersMxn: await add('CLABE', otherId),
      holdersMxn: await add('CLABE', kit.holderId),
      platformsEur: await add('IBAN'),
      platformsUsd: await add('US_ACCOUNT'),
      productionUsd: await add('US_ACCOUNT', undefined, production),
    };
    return { ...kit, otherId, created };
  }
  const idsOf = (page: { data: { id: string }[] }) => page.data.map((account) => account.id);

  it("lists the customers' accounts, not the platform's, newest first, filtered by customer and currency", async () => {
    const { service, holderId, created } = await accounts();
    // Each total comes from the counts the table's triggers keep for its filter (list-counts.int-spec.ts).
    const listed = async (query: object) => {
      const page = await service.list(caller, query);
      return { ids: idsOf(page), totalCount: page.totalCount };
    };

    expect(await listed({})).toEqual({
      ids: [created.holdersMxn.id, created.othersMxn.id, created.holdersUsd.id],
      totalCount: 3,
    });
    expect(await listed({ customerId: holderId })).toEqual({
      ids: [created.holdersMxn.id, created.holdersUsd.id],
      totalCount: 2,
    });
    expect(await listed({ currency: 'MXN' })).toEqual({
      ids: [created.holdersMxn.id, created.othersMxn.id],
      totalCount: 2,
    });
    expect(await service.list(caller, { limit: 2 })).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(await service.list(caller, { customerId: 'Customer:nope' })).toEqual({
      data: [],
      hasMore: false,
      totalCount: 0,
    });
  });

  it("lists the platform's own accounts of the caller's environment whole, newest first, filtered by currency", async () => {
    const { service, created } = await accounts();

    expect(await service.listForPlatform(caller, {})).toMatchObject({ hasMore: false, totalCount: 2 });
    expect(idsOf(await service.listForPlatform(caller, {}))).toEqual([
      created.platformsUsd.id,
      created.platformsEur.id,
    ]);
    expect(idsOf(await service.listForPlatform(caller, { currency: 'EUR' }))).toEqual([
      created.platformsEur.id,
    ]);
    expect(idsOf(await service.listForPlatform(production, {}))).toEqual([created.productionUsd.id]);
  });
});

describe('ExternalAccountsService: the internal lookup', () => {
  it('shows the account type, the identifier the rail pays to and whether it can be pulled from', async () => {
    const { service, holderId } = await externalAccountsService();
    const us = await service.create(caller, accountRequest('US_ACCOUNT', { customerId: holderId }));
    const pix = await service.create(caller, accountRequest('PIX', { customerId: holderId }));

    expect(await service.getInternal(caller, us.id)).toMatchObject({
      ...us,
      accountType: 'US_ACCOUNT',
      primaryIdentifier: '123456789',
      pullCapable: true,
    });
    expect(await service.getInternal(caller, pix.id)).toMatchObject({
      accountType: 'PIX',
      primaryIdentifier: '52998224725',
      pullCapable: false,
    });
  });

  it("answers 404 ACCOUNT_NOT_FOUND for a malformed or unknown id and another platform's or environment's account", async () => {
    const { service } = await externalAccountsService();
    const account = await service.create(caller, accountRequest('US_ACCOUNT'));

    await expectNotFoundToOthers(
      'ACCOUNT_NOT_FOUND',
      {
        id: account.id,
        malformed: 'ExternalAccount:nope',
        unknown: toApiId('ExternalAccount', randomUUID()),
      },
      (who, id) => service.getInternal(who, id),
    );
  });
});
