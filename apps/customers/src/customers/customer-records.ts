import { KycStatus } from '@payments/contracts';
import { PlatformScope } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { Customer, CustomerDetails, NO_CUSTOMER_DETAILS } from '@customers/customers/customer.entity';
import { CreateCustomerDto } from '@customers/customers/dto/create-customer.dto';
import { CustomerFieldsDto } from '@customers/customers/dto/customer-fields.dto';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { generatedUmaAddress } from '@customers/uma/uma-names';

type CustomerChanges = Partial<CustomerDetails> & { umaAddress?: string; description?: string };

/**
 * The record of a new customer, not yet stored. Without a chosen UMA address it gets a generated one
 * on the platform's domain (with a random suffix when the plain one was taken).
 */
export function newCustomerRecord(
  scope: PlatformScope,
  body: CreateCustomerDto,
  options: { umaDomain: string; withRandomSuffix: boolean; kycStatus: KycStatus; now: Date; id?: string },
): Customer {
  return Object.assign(new Customer(), {
    id: options.id ?? randomUUID(),
    platformId: scope.platformId,
    environment: scope.environment,
    platformCustomerId: body.platformCustomerId,
    customerType: body.customerType,
    umaAddress:
      body.umaAddress ??
      generatedUmaAddress(body.platformCustomerId, options.umaDomain, options.withRandomSuffix),
    kycStatus: options.kycStatus,
    ...NO_CUSTOMER_DETAILS,
    description: null,
    ...changesOf(body),
    createdAt: options.now,
    updatedAt: options.now,
    deletedAt: null,
  });
}

/** The fields a create or PATCH body sets; a field it leaves out is not touched. */
export function changesOf(body: CustomerFieldsDto): CustomerChanges {
  const changes: CustomerChanges = {
    umaAddress: body.umaAddress,
    email: body.email,
    phoneNumber: body.phoneNumber,
    address: body.address,
    description: body.description,
    ...(body.customerType === 'INDIVIDUAL'
      ? { fullName: body.fullName, birthDate: body.birthDate, nationality: body.nationality }
      : { businessInfo: body.businessInfo, beneficialOwners: body.beneficialOwners }),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export function currenciesOf(config: PlatformConfig): string[] {
  return config.supportedCurrencies.map((currency) => currency.currencyCode);
}
