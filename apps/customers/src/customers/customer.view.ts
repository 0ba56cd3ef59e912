import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CUSTOMER_TYPES, CustomerType, KYC_STATUSES, KycStatus, toApiId } from '@payments/contracts';
import { BeneficialOwner, BusinessInfo, Customer, PostalAddress } from '@customers/customers/customer.entity';
import { BeneficialOwnerDto } from '@customers/customers/dto/beneficial-owner.dto';
import { BusinessInfoDto } from '@customers/customers/dto/business-info.dto';
import { PostalAddressDto } from '@customers/customers/dto/postal-address.dto';
import { oneOfSchema } from '@customers/openapi/one-of-schema';

class CustomerViewBase {
  @ApiProperty({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }) id: string;
  @ApiProperty({ example: '9f84e0c2a72c4fa' }) platformCustomerId: string;
  @ApiProperty({ enum: CUSTOMER_TYPES }) customerType: CustomerType;
  @ApiProperty({ example: '$jane.doe@acme.uma.local' }) umaAddress: string;
  @ApiProperty({ enum: KYC_STATUSES }) kycStatus: KycStatus;
  @ApiPropertyOptional() email?: string;
  @ApiPropertyOptional() phoneNumber?: string;
  @ApiPropertyOptional({ type: PostalAddressDto }) address?: PostalAddress;
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() isDeleted: boolean;
}

export class IndividualCustomerView extends CustomerViewBase {
  @ApiProperty({ enum: ['INDIVIDUAL'] }) override customerType: 'INDIVIDUAL';
  @ApiPropertyOptional() fullName?: string;
  @ApiPropertyOptional({ format: 'date' }) birthDate?: string;
  @ApiPropertyOptional() nationality?: string;
}

export class BusinessCustomerView extends CustomerViewBase {
  @ApiProperty({ enum: ['BUSINESS'] }) override customerType: 'BUSINESS';
  @ApiPropertyOptional({ type: BusinessInfoDto }) businessInfo?: BusinessInfo;
  @ApiPropertyOptional({ type: [BeneficialOwnerDto] }) beneficialOwners?: BeneficialOwner[];
}

export type CustomerView = IndividualCustomerView | BusinessCustomerView;

/** OpenAPI schema of a customer body or response: one class per customerType. */
export function customerTypeSchema(individual: new () => object, business: new () => object) {
  return oneOfSchema('customerType', { INDIVIDUAL: individual, BUSINESS: business });
}

@ApiExtraModels(IndividualCustomerView, BusinessCustomerView)
export class CustomerPage {
  @ApiProperty({ type: 'array', items: customerTypeSchema(IndividualCustomerView, BusinessCustomerView) })
  data: CustomerView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty({ type: 'integer' }) totalCount: number;
}

/** Fields the customer lacks are left out rather than shown as null. */
export function presentCustomer(customer: Customer): CustomerView {
  const identity = {
    id: toApiId('Customer', customer.id),
    platformCustomerId: customer.platformCustomerId,
    // Narrowed to a literal below, where overriding it keeps this place in the JSON.
    customerType: customer.customerType,
    umaAddress: customer.umaAddress,
    kycStatus: customer.kycStatus,
  };
  const contactAndState = {
    email: customer.email ?? undefined,
    phoneNumber: customer.phoneNumber ?? undefined,
    address: customer.address ?? undefined,
    description: customer.description ?? undefined,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
    isDeleted: customer.deletedAt !== null,
  };
  if (customer.customerType === 'INDIVIDUAL') {
    return {
      ...identity,
      customerType: 'INDIVIDUAL',
      fullName: customer.fullName ?? undefined,
      birthDate: customer.birthDate ?? undefined,
      nationality: customer.nationality ?? undefined,
      ...contactAndState,
    };
  }
  return {
    ...identity,
    customerType: 'BUSINESS',
    businessInfo: customer.businessInfo ?? undefined,
    beneficialOwners: customer.beneficialOwners ?? undefined,
    ...contactAndState,
  };
}
