import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { ApiException, Caller, PlatformScope, scopeOf } from '@payments/http';
import { inScope } from '@payments/persistence';
import { DataSource, IsNull } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { findCustomer } from '@customers/customers/customer-lookup';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import { presentInternalExternalAccount } from '@customers/external-accounts/external-account.view';
import { IncomingRecipientQuery } from '@customers/incoming-recipients/dto/incoming-recipient.query';
import { IncomingRecipientView } from '@customers/incoming-recipients/incoming-recipient.view';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { providerRequirements } from '@customers/platforms/provider-requirements';

/**
 * Resolves the recipient of an incoming payment: the live customer (by UMA address or id), the
 * platform's rules for the currency and where the money goes. Read by the transfers app once per
 * incoming payment, so plain reads suffice.
 */
@Injectable()
export class IncomingRecipientsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(caller: Caller, query: IncomingRecipientQuery): Promise<IncomingRecipientView> {
    const scope = scopeOf(caller);
    const customer = await this.customerOf(scope, query);
    const config = await this.dataSource.manager.findOneBy(PlatformConfig, scope);
    const entry = config?.supportedCurrencies.find((currency) => currency.currencyCode === query.currency);
    if (!entry || !entry.enabledTransactionTypes.includes('INCOMING')) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `The platform does not receive payments in ${query.currency}`,
      );
    }
    const deposit = await this.dataSource.manager.findOneBy(ExternalAccount, {
      ...scope,
      customerId: customer.id,
      defaultUmaDepositAccount: true,
    });
    return {
      customerId: toApiId('Customer', customer.id),
      platformCustomerId: customer.platformCustomerId,
      umaAddress: customer.umaAddress,
      minAmount: entry.minAmount,
      maxAmount: entry.maxAmount,
      requiredCounterpartyFields: entry.requiredCounterpartyFields,
      providerCounterpartyFields: providerRequirements(query.currency).counterpartyCustomerFields,
      defaultUmaDepositAccount:
        deposit && deposit.status === 'ACTIVE' && deposit.currency === query.currency
          ? presentInternalExternalAccount(deposit)
          : null,
    };
  }

  private async customerOf(scope: PlatformScope, query: IncomingRecipientQuery): Promise<Customer> {
    if (query.customerId) {
      return findCustomer(this.dataSource.manager, scope, query.customerId, { liveOnly: true });
    }
    if (!query.receiverUmaAddress) {
      throw ApiException.invalidInput([
        { field: 'receiverUmaAddress', message: 'receiverUmaAddress or customerId is required' },
      ]);
    }
    const customer = inScope(
      await this.dataSource.manager.findOneBy(Customer, {
        umaAddress: query.receiverUmaAddress.toLowerCase(),
        deletedAt: IsNull(),
      }),
      scope,
    );
    if (!customer)
      throw new ApiException(
        'USER_NOT_FOUND',
        `No customer has the UMA address ${query.receiverUmaAddress}: check its user part and domain`,
      );
    return customer;
  }
}
