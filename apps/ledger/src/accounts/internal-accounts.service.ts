import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EventScope, toApiId, uuidOf } from '@payments/contracts';
import { ApiException, Caller, listFilters, Page } from '@payments/http';
import { currencyOf } from '@payments/money';
import { inScope, ListCounts, paginate } from '@payments/persistence';
import { randomBytes, randomUUID } from 'node:crypto';
import { EntityManager, In, IsNull, Repository } from 'typeorm';
import { LedgerAccount } from '@ledger/accounts/account.entity';
import { INTERNAL_ACCOUNT_LIST } from '@ledger/accounts/internal-account-list';
import {
  ListInternalAccountsQuery,
  ListPlatformInternalAccountsQuery,
} from '@ledger/accounts/dto/list-internal-accounts.query';
import { fundingInstructions } from '@ledger/accounts/funding-instructions';
import { InternalAccountView } from '@ledger/accounts/internal-account.view';
import { toJsonAmount } from '@ledger/accounts/minor-units';

/** An internal account as other apps read it through the internal API. */
export interface InternalAccountSummary {
  id: string;
  customerId: string | null;
  platformCustomerId: string | null;
  currency: string;
  balance: number;
}

export interface AccountOwner extends EventScope {
  customerId: string | null;
  platformCustomerId: string | null;
}

export interface AccountOpening {
  owner: AccountOwner;
  currencies: string[];
}

/** Rows per INSERT when opening many accounts: well within Postgres' 65,535 bind parameters. */
const ACCOUNTS_PER_INSERT = 1_000;

@Injectable()
export class InternalAccountsService {
  private readonly counts: ListCounts;

  constructor(@InjectRepository(LedgerAccount) private readonly accounts: Repository<LedgerAccount>) {
    this.counts = new ListCounts(accounts.manager.connection, INTERNAL_ACCOUNT_LIST);
  }

  /**
   * Opens one account per currency for each owner; currencies an owner already has are left alone.
   * Many owners at once (a bulk import's customers) take a few multi-row statements.
   */
  async open(manager: EntityManager, openings: AccountOpening[]): Promise<void> {
    const now = new Date();
    const rows = openings.flatMap(({ owner, currencies }) =>
      currencies.map((currency) => ({
        id: randomUUID(),
        kind: 'INTERNAL' as const,
        ...owner,
        currency,
        fundingReference: `FUND-${randomBytes(8).toString('hex').toUpperCase()}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (let start = 0; start < rows.length; start += ACCOUNTS_PER_INSERT) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(LedgerAccount)
        .values(rows.slice(start, start + ACCOUNTS_PER_INSERT))
        .orIgnore()
        .execute();
    }
  }

  list(caller: Caller, query: ListInternalAccountsQuery): Promise<Page<InternalAccountView>> {
    const builder = this.accounts.createQueryBuilder('account').where(
      `account.platform_id = :platformId AND account.environment = :environment
          AND account.kind = 'INTERNAL' AND account.customer_id IS NOT NULL`,
      caller,
    );
    const filters = listFilters('account', query, {
      equal: { customerId: 'customerId', currency: 'currency' },
    });
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    return paginate(builder, query, present, { counted: this.counts.counter(caller, filters) });
  }

  /** The platform's own accounts: few, so the whole list in one page. */
  async listPlatform(
    caller: Caller,
    query: ListPlatformInternalAccountsQuery,
  ): Promise<Page<InternalAccountView>> {
    const accounts = await this.accounts.find({
      where: {
        kind: 'INTERNAL',
        platformId: caller.platformId,
        environment: caller.environment,
        customerId: IsNull(),
        ...(query.currency ? { currency: query.currency } : {}),
      },
      order: { seq: 'ASC' },
    });
    return { data: accounts.map(present), hasMore: false, totalCount: accounts.length };
  }

  /** The caller's internal account `InternalAccount:<uuid>`; any other id is not found, whoever owns it. */
  async find(caller: Caller, accountId: string): Promise<LedgerAccount> {
    const account = (await this.findAll(caller, [accountId])).get(uuidOf('InternalAccount', accountId) ?? '');
    if (!account) throw ApiException.notFound('ACCOUNT_NOT_FOUND', `Internal account ${accountId}`);
    return account;
  }

  /** The caller's internal accounts among `accountIds`, in one query, keyed by uuid; others are absent. */
  async findAll(caller: Caller, accountIds: string[]): Promise<Map<string, LedgerAccount>> {
    const ids = [...new Set(accountIds.flatMap((accountId) => uuidOf('InternalAccount', accountId) ?? []))];
    const found = ids.length === 0 ? [] : await this.accounts.findBy({ id: In(ids) });
    const accounts = found.filter((account) => account.kind === 'INTERNAL' && inScope(account, caller));
    return new Map(accounts.map((account) => [account.id, account]));
  }
}

export function present(account: LedgerAccount): InternalAccountView {
  return {
    id: toApiId('InternalAccount', account.id),
    balance: { amount: toJsonAmount(account.balance), currency: currencyOf(account.currency) },
    fundingPaymentInstructions: fundingInstructions(account),
    ...(account.customerId ? { customerId: account.customerId } : {}),
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

export function summarize(account: LedgerAccount): InternalAccountSummary {
  return {
    id: toApiId('InternalAccount', account.id),
    customerId: account.customerId,
    platformCustomerId: account.platformCustomerId,
    currency: account.currency,
    balance: toJsonAmount(account.balance),
  };
}
