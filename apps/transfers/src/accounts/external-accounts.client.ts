import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiException, Caller, ErrorBody, InternalApi, scopeKey } from '@payments/http';
import { KeyedGroupCommit } from '@payments/persistence';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** The fields of an external account (as the customers app reports it) that a transfer depends on. */
export interface ExternalAccount {
  id: string;
  status: 'PENDING' | 'ACTIVE' | 'UNDER_REVIEW' | 'INACTIVE';
  currency: string;
  /** Null when the account belongs to the platform. */
  customerId: string | null;
  accountType: string;
  /** Account number, CLABE, IBAN, PIX key, VPA or wallet address: what the sandbox rail reads. */
  primaryIdentifier: string;
  /** Whether money can be pulled from it (ACH pull for US accounts), which transfer-in needs. */
  pullCapable: boolean;
}

interface AccountLookup {
  caller: Caller;
  accountId: string;
}

/** Two calls of one caller at a time; the lookups that arrive meanwhile go in the next one. */
const LOOKUP_BATCHING = { maxBatch: 500, maxInFlight: 2 };

/**
 * The customers app owns external accounts. Their status can change at any time, so each transfer
 * reads its account afresh; the lookups of concurrent requests go in one call, grouped like a commit
 * (KeyedGroupCommit), since each call costs both apps an HTTP request through Nest.
 */
@Injectable()
export class ExternalAccountsClient extends InternalApi {
  private readonly lookups = new KeyedGroupCommit<AccountLookup, ExternalAccount | ApiException>(
    (lookups) => this.accountsOf(lookups),
    LOOKUP_BATCHING,
  );

  constructor(config: ConfigService<TransfersEnvironment, true>) {
    super('customers', config.get('CUSTOMERS_URL', { infer: true }));
  }

  /** 404 ACCOUNT_NOT_FOUND for an unknown account or one of another platform or environment. */
  async account(caller: Caller, accountId: string): Promise<ExternalAccount> {
    const found = await this.lookups.add(scopeKey(caller), { caller, accountId });
    if (found instanceof ApiException) throw found;
    return found;
  }

  /** The accounts of one caller's lookups, in their order; the call goes on behalf of the first one's request. */
  private async accountsOf(lookups: AccountLookup[]): Promise<(ExternalAccount | ApiException)[]> {
    const { results } = await this.client.post<{
      results: { account?: ExternalAccount; error?: ErrorBody }[];
    }>(lookups[0].caller, '/internal/external-accounts/batch', {
      accountIds: lookups.map(({ accountId }) => accountId),
    });
    return results.map((result) => (result.error ? ApiException.fromBody(result.error) : result.account!));
  }
}
