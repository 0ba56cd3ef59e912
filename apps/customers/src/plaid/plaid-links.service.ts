import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { findCustomer } from '@customers/customers/customer-lookup';
import { CustomersEnvironment } from '@customers/customers.environment';
import {
  ExternalAccountView,
  presentExternalAccount,
} from '@customers/external-accounts/external-account.view';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { CreateLinkTokenDto } from '@customers/plaid/dto/create-link-token.dto';
import { PlaidCallbackDto } from '@customers/plaid/dto/plaid-callback.dto';
import { LinkToken } from '@customers/plaid/link-token.entity';
import { LinkTokenView } from '@customers/plaid/link-token.view';
import { sandboxLinkedAccount } from '@customers/plaid/sandbox-linked-account';

/**
 * The bank-link flow: a link token for a customer, then its single exchange for a public token, which
 * creates the linked account PENDING until LINKED_ACCOUNT_ACTIVATION_MS later. The link provider is
 * simulated: the account comes from the public token (see sandboxLinkedAccount).
 */
@Injectable()
export class PlaidLinksService {
  private readonly callbackBaseUrl: string;
  private readonly tokenTtlMs: number;
  private readonly activationDelayMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: ExternalAccountsService,
    config: ConfigService<CustomersEnvironment, true>,
  ) {
    this.callbackBaseUrl = `${config.get('PUBLIC_BASE_URL', { infer: true }).replace(/\/+$/, '')}/plaid/callback`;
    this.tokenTtlMs = config.get('LINK_TOKEN_TTL_SECONDS', { infer: true }) * 1000;
    this.activationDelayMs = config.get('LINKED_ACCOUNT_ACTIVATION_MS', { infer: true });
  }

  async createLinkToken(caller: Caller, body: CreateLinkTokenDto): Promise<LinkTokenView> {
    const scope = scopeOf(caller);
    const { manager } = this.dataSource;
    const customer = await findCustomer(manager, scope, body.customerId, { liveOnly: true });
    const now = new Date();
    const link = manager.create(LinkToken, {
      token: `link-${scope.environment.toLowerCase()}-${randomUUID()}`,
      platformId: scope.platformId,
      environment: scope.environment,
      customerId: customer.id,
      expiresAt: new Date(now.getTime() + this.tokenTtlMs),
      externalAccountId: null,
      createdAt: now,
    });
    await manager.insert(LinkToken, link);
    return {
      linkToken: link.token,
      expiration: link.expiresAt.toISOString(),
      callbackUrl: `${this.callbackBaseUrl}/${link.token}`,
      requestId: caller.requestId ?? randomUUID(),
    };
  }

  /** The token row stays locked until the account exists, so a concurrent second exchange gets 409. */
  exchange(caller: Caller, linkToken: string, body: PlaidCallbackDto): Promise<ExternalAccountView> {
    const scope = scopeOf(caller);
    return this.dataSource.transaction(async (manager) => {
      const link = await manager.findOne(LinkToken, {
        where: { token: linkToken, platformId: scope.platformId, environment: scope.environment },
        lock: { mode: 'pessimistic_write' },
      });
      if (link?.externalAccountId)
        throw new ApiException(
          'CONFLICT',
          'This link token has already been used: create a new one with POST /plaid/link-tokens',
        );
      if (!link || link.expiresAt <= new Date()) {
        throw new ApiException(
          'NOT_FOUND',
          'Link token not found or expired: create a new one with POST /plaid/link-tokens',
        );
      }
      const customer = await findCustomer(manager, scope, toApiId('Customer', link.customerId), {
        liveOnly: true,
        lock: 'pessimistic_read',
      });
      const account = await this.accounts.insert(manager, {
        scope,
        customer,
        currency: 'USD',
        accountInfo: sandboxLinkedAccount(body.publicToken, body.accountId, customer),
        activateAt: new Date(Date.now() + this.activationDelayMs),
      });
      await manager.update(LinkToken, link.token, { externalAccountId: account.id });
      return presentExternalAccount(account);
    });
  }
}
