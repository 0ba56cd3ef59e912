import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { uuidOf } from '@payments/contracts';
import { ApiException, Caller, listFilters, Page, PlatformScope, scopeOf } from '@payments/http';
import {
  handleEach,
  inScope,
  ItemFailure,
  ListCounts,
  paginate,
  RowCache,
  RowChanges,
} from '@payments/persistence';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { findCustomer } from '@customers/customers/customer-lookup';
import { AccountInfo } from '@customers/external-accounts/account-info';
import { verifyBeneficiary } from '@customers/external-accounts/beneficiary-verification';
import { ExternalAccountRequest } from '@customers/external-accounts/dto/create-external-account.dto';
import {
  ListExternalAccountsQuery,
  ListPlatformExternalAccountsQuery,
} from '@customers/external-accounts/dto/list-external-accounts.query';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import { EXTERNAL_ACCOUNT_LIST } from '@customers/external-accounts/external-account-list';
import { ExternalAccountsStore } from '@customers/external-accounts/external-accounts.store';
import {
  ExternalAccountView,
  InternalExternalAccountView,
  presentExternalAccount,
  presentInternalExternalAccount,
} from '@customers/external-accounts/external-account.view';

/** An account to add; without `activateAt` it is ACTIVE at once, with it PENDING until then. */
export interface NewExternalAccount {
  scope: PlatformScope;
  /** Live and share-locked by the caller's transaction; null for the platform's own account. */
  customer: Customer | null;
  currency: string;
  accountInfo: AccountInfo;
  platformAccountId?: string;
  defaultUmaDepositAccount?: boolean;
  activateAt?: Date;
}

/** The transfers app reads an account on every transfer; these are the accounts being paid to and from. */
const CACHED_ACCOUNTS = { maxEntries: 10_000, ttlMs: 60_000 };

/**
 * External accounts of one platform in one environment: the customers' and the platform's own. No
 * event is published: no other app consumes account changes yet; the transfers app reads accounts
 * through the internal lookup when it needs them, served from a RowCache that the table's trigger
 * evicts (an account changes only by its activation, which nobody waits on).
 */
@Injectable()
export class ExternalAccountsService {
  private readonly cached: RowCache<InternalExternalAccountView>;
  private readonly counts: ListCounts;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    rowChanges: RowChanges,
    private readonly store: ExternalAccountsStore,
  ) {
    this.cached = rowChanges.cacheOf<InternalExternalAccountView>('external_accounts', CACHED_ACCOUNTS);
    this.counts = new ListCounts(dataSource, EXTERNAL_ACCOUNT_LIST);
  }

  /** Without `customerId`, the platform's own account. */
  create(caller: Caller, body: ExternalAccountRequest): Promise<ExternalAccountView> {
    const scope = scopeOf(caller);
    return this.dataSource.transaction(async (manager) => {
      const customer =
        body.customerId === undefined
          ? null
          : await findCustomer(manager, scope, body.customerId, { liveOnly: true, lock: 'pessimistic_read' });
      const account = await this.insert(manager, {
        scope,
        customer,
        currency: body.currency,
        accountInfo: body.accountInfo,
        platformAccountId: body.platformAccountId,
        defaultUmaDepositAccount: body.defaultUmaDepositAccount,
      });
      return presentExternalAccount(account);
    });
  }

  /**
   * Adds an account in the caller's transaction. A new default UMA deposit account first unsets the
   * owner's previous one.
   */
  async insert(manager: EntityManager, fields: NewExternalAccount): Promise<ExternalAccount> {
    if (fields.defaultUmaDepositAccount) {
      await this.store.unsetDefault(manager, fields.scope, fields.customer?.id ?? null);
    }
    const account = newAccountRecord(manager, fields);
    await manager.insert(ExternalAccount, account);
    return account;
  }

  /**
   * Adds many accounts of new customers in one statement, in the caller's transaction: none of them
   * is a default UMA deposit account, so no owner's previous default needs unsetting.
   */
  async insertMany(manager: EntityManager, accounts: NewExternalAccount[]): Promise<void> {
    if (accounts.some((fields) => fields.defaultUmaDepositAccount)) {
      throw new Error('insertMany adds no default UMA deposit accounts; use insert');
    }
    if (accounts.length > 0)
      await manager.insert(
        ExternalAccount,
        accounts.map((fields) => newAccountRecord(manager, fields)),
      );
  }

  /** The customers' accounts (not the platform's), newest first. */
  async list(caller: Caller, query: ListExternalAccountsQuery): Promise<Page<ExternalAccountView>> {
    const customerId = query.customerId === undefined ? undefined : uuidOf('Customer', query.customerId);
    if (query.customerId !== undefined && !customerId) return { data: [], hasMore: false, totalCount: 0 };
    const scope = scopeOf(caller);
    const builder = this.scoped(scope, undefined).andWhere('account.customerId IS NOT NULL');
    const filters = listFilters(
      'account',
      { currency: query.currency, customerId },
      {
        equal: { currency: 'currency', customerId: 'customerId' },
      },
    );
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    return paginate(builder, query, presentExternalAccount, { counted: this.counts.counter(scope, filters) });
  }

  /** The platform's own accounts, all of them, newest first, in the envelope of the paged lists. */
  async listForPlatform(
    caller: Caller,
    query: ListPlatformExternalAccountsQuery,
  ): Promise<Page<ExternalAccountView>> {
    const accounts = await this.scoped(scopeOf(caller), query.currency)
      .andWhere('account.customerId IS NULL')
      .orderBy('account.seq', 'DESC')
      .getMany();
    return { data: accounts.map(presentExternalAccount), hasMore: false, totalCount: accounts.length };
  }

  async getInternal(caller: Caller, accountId: string): Promise<InternalExternalAccountView> {
    const { platformId, environment } = scopeOf(caller);
    const id = uuidOf('ExternalAccount', accountId);
    if (!id) throw accountNotFound(accountId);
    return this.cached.read(`${platformId}:${environment}:${id}`, async () => {
      const found = inScope(await this.dataSource.manager.findOneBy(ExternalAccount, { id }), {
        platformId,
        environment,
      });
      if (!found) throw accountNotFound(accountId);
      return presentInternalExternalAccount(found);
    });
  }

  /**
   * Activates up to `limit` PENDING accounts whose time has come and that are not parked. Rows
   * another replica is activating are skipped rather than waited for, so replicas share the work.
   * Each account is written in a savepoint of its own, so one that cannot be written fails alone:
   * answers how many were taken and the accounts that failed.
   */
  activateDue(limit: number): Promise<{ taken: number; failures: ItemFailure<ExternalAccount>[] }> {
    return this.dataSource.transaction(async (manager) => {
      const due = await manager
        .createQueryBuilder(ExternalAccount, 'account')
        // Due by the service's clock, the one activateAt was set by.
        .where("account.status = 'PENDING' AND account.activateAt <= :now AND account.parkedAt IS NULL", {
          now: new Date(),
        })
        .orderBy('account.activateAt')
        .limit(limit)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const customerIds = due.flatMap((account) => (account.customerId === null ? [] : [account.customerId]));
      const customers = customerIds.length > 0 ? await manager.findBy(Customer, { id: In(customerIds) }) : [];
      const failures = await handleEach(due, (account) =>
        manager.transaction(async (savepoint) => {
          const customer = customers.find((candidate) => candidate.id === account.customerId) ?? null;
          const verification = verifyBeneficiary(account.accountInfo, customer);
          await savepoint.update(ExternalAccount, account.id, {
            status: 'ACTIVE',
            activateAt: null,
            beneficiaryVerificationStatus: verification.status,
            beneficiaryVerifiedName: verification.verifiedName,
            updatedAt: new Date(),
          });
        }),
      );
      return { taken: due.length, failures };
    });
  }

  private scoped(scope: PlatformScope, currency: string | undefined): SelectQueryBuilder<ExternalAccount> {
    const builder = this.dataSource
      .getRepository(ExternalAccount)
      .createQueryBuilder('account')
      .where('account.platformId = :platformId AND account.environment = :environment', scope);
    if (currency !== undefined) builder.andWhere('account.currency = :currency', { currency });
    return builder;
  }
}

function newAccountRecord(manager: EntityManager, fields: NewExternalAccount): ExternalAccount {
  const verification = fields.activateAt
    ? { status: 'PENDING' as const, verifiedName: null }
    : verifyBeneficiary(fields.accountInfo, fields.customer);
  const now = new Date();
  return manager.create(ExternalAccount, {
    id: randomUUID(),
    platformId: fields.scope.platformId,
    environment: fields.scope.environment,
    customerId: fields.customer?.id ?? null,
    currency: fields.currency,
    accountInfo: fields.accountInfo,
    // No rail reviews accounts in this service, so only a link provider's exchange keeps one waiting.
    status: fields.activateAt ? 'PENDING' : 'ACTIVE',
    platformAccountId: fields.platformAccountId ?? null,
    defaultUmaDepositAccount: fields.defaultUmaDepositAccount ?? false,
    beneficiaryVerificationStatus: verification.status,
    beneficiaryVerifiedName: verification.verifiedName,
    activateAt: fields.activateAt ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

function accountNotFound(accountId: string): ApiException {
  return ApiException.notFound('ACCOUNT_NOT_FOUND', `External account ${accountId}`);
}
