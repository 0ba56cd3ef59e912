import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { isIdOf } from '@payments/contracts';
import { ApiException, Caller, CallerAssertions, FieldError, InternalClient, scopeKey } from '@payments/http';
import { BoundedCache } from '@payments/runtime';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { ExternalAccountDetailsDto } from '@quoting/quotes/dto/create-quote.dto';

const MAX_CACHED_ACCOUNTS = 50_000;

/** One end of a quote: an internal account (a balance in the ledger) or an external one. */
export interface QuoteAccount {
  id: string;
  kind: 'INTERNAL' | 'EXTERNAL';
  currency: string;
  /** Null for the platform's own accounts. */
  customerId: string | null;
  /** External accounts only: ACTIVE is needed to pay to it. */
  status?: string;
  /** External accounts only: whether money can be pulled from it (ACH pull). */
  pullCapable?: boolean;
}

interface PageOf<T> {
  data: T[];
}

/**
 * The accounts a quote names, read from the apps that own them: internal accounts from the ledger
 * (their owner and currency never change, so they are cached) and external accounts from the
 * customers app (read fresh, since their status changes).
 */
@Injectable()
export class AccountDirectory implements OnApplicationShutdown {
  private readonly ledger: InternalClient;
  private readonly customers: InternalClient;
  private readonly internalAccounts = new BoundedCache<QuoteAccount>(MAX_CACHED_ACCOUNTS);

  constructor(config: ConfigService<QuotingEnvironment, true>, assertions: CallerAssertions) {
    this.ledger = new InternalClient('ledger', config.get('LEDGER_URL', { infer: true }), assertions);
    this.customers = new InternalClient(
      'customers',
      config.get('CUSTOMERS_URL', { infer: true }),
      assertions,
    );
  }

  /** 404 ACCOUNT_NOT_FOUND for an unknown id or one of another platform or environment. */
  account(caller: Caller, accountId: string): Promise<QuoteAccount> {
    if (isIdOf('InternalAccount', accountId)) {
      return this.internalAccounts.get(scopeKey(caller, accountId), async () => {
        const account = await this.ledger.get<{ id: string; currency: string; customerId: string | null }>(
          caller,
          `/internal/accounts/${encodeURIComponent(accountId)}`,
        );
        return {
          id: account.id,
          kind: 'INTERNAL',
          currency: account.currency,
          customerId: account.customerId,
        };
      });
    }
    if (isIdOf('ExternalAccount', accountId)) return this.externalAccount(caller, accountId);
    return Promise.reject(ApiException.notFound('ACCOUNT_NOT_FOUND', `Account ${accountId}`));
  }

  /** Creates the external account a quote's externalAccountDetails describe, with the customers app's own checks. */
  async createExternalAccount(caller: Caller, details: ExternalAccountDetailsDto): Promise<QuoteAccount> {
    try {
      const created = await this.customers.post<{ id: string }>(
        caller,
        '/customers/external-accounts',
        details,
      );
      return await this.externalAccount(caller, created.id);
    } catch (error) {
      throw underField('destination.externalAccountDetails', error);
    }
  }

  /** The internal account that receives a just-in-time payment: the customer's, or the platform's own. */
  async fundingAccount(caller: Caller, customerId: string | null, currency: string): Promise<string> {
    const path = customerId
      ? `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=${currency}`
      : `/platform/internal-accounts?currency=${currency}`;
    const [account] = (await this.ledger.get<PageOf<{ id: string }>>(caller, path)).data;
    if (!account) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `There is no ${currency} internal account to receive the funds in`,
      );
    }
    return account.id;
  }

  /** The customer's UMA address; 404 USER_NOT_FOUND unless the customer is the caller's. */
  async customerUmaAddress(caller: Caller, customerId: string): Promise<string | null> {
    const customer = await this.customers.get<{ umaAddress?: string }>(
      caller,
      `/customers/${encodeURIComponent(customerId)}`,
    );
    return customer.umaAddress?.toLowerCase() ?? null;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.ledger.close(), this.customers.close()]);
  }

  private async externalAccount(caller: Caller, accountId: string): Promise<QuoteAccount> {
    const account = await this.customers.get<{
      id: string;
      currency: string;
      customerId: string | null;
      status: string;
      pullCapable: boolean;
    }>(caller, `/internal/external-accounts/${encodeURIComponent(accountId)}`);
    return { ...account, kind: 'EXTERNAL' };
  }
}

/** An error about the account's own fields, re-addressed to where they sit in the quote request. */
function underField(prefix: string, error: unknown): unknown {
  const fieldErrors = error instanceof ApiException ? error.details?.errors : undefined;
  if (!Array.isArray(fieldErrors)) return error;
  const errors = (fieldErrors as FieldError[]).map((fieldError) => ({
    ...fieldError,
    field: `${prefix}.${fieldError.field}`,
  }));
  return new ApiException((error as ApiException).code, (error as ApiException).message, {
    ...(error as ApiException).details,
    errors,
  });
}
