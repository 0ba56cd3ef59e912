import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, CallerAssertions, InternalApi } from '@payments/http';
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

@Injectable()
export class ExternalAccountsClient extends InternalApi {
  constructor(config: ConfigService<TransfersEnvironment, true>, assertions: CallerAssertions) {
    super('customers', config.get('CUSTOMERS_URL', { infer: true }), assertions);
  }

  /** 404 ACCOUNT_NOT_FOUND for an unknown account or one of another platform or environment. */
  account(caller: Caller, accountId: string): Promise<ExternalAccount> {
    return this.client.get(caller, `/internal/external-accounts/${encodeURIComponent(accountId)}`);
  }
}
