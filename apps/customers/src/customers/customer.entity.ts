import { CustomerType, KycStatus } from '@payments/contracts';
import { Column, Entity } from 'typeorm';
import { ScopedRecord } from '@payments/persistence';

export const BENEFICIAL_OWNER_TYPES = [
  'DIRECTOR',
  'CONTROL_PERSON',
  'BUSINESS_POINT_OF_CONTACT',
  'TRUSTEE',
  'SETTLOR',
  'GENERAL_PARTNER',
] as const;
export type BeneficialOwnerType = (typeof BENEFICIAL_OWNER_TYPES)[number];

export interface PostalAddress {
  line1: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode: string;
  country: string;
}

export interface BusinessInfo {
  legalName: string;
  registrationNumber?: string;
  taxId?: string;
}

export interface BeneficialOwner {
  fullName: string;
  individualType: BeneficialOwnerType;
  emailAddress?: string;
  phoneNumber?: string;
  taxId?: string;
  birthDate?: string;
  nationality?: string;
  address?: PostalAddress;
  percentageOwnership?: number;
  title?: string;
}

/** What a customer record says about the person or business; which of it applies depends on the type. */
export interface CustomerDetails {
  fullName: string | null;
  birthDate: string | null;
  nationality: string | null;
  email: string | null;
  phoneNumber: string | null;
  address: PostalAddress | null;
  businessInfo: BusinessInfo | null;
  beneficialOwners: BeneficialOwner[] | null;
}

/** A customer about whom nothing is known yet. */
export const NO_CUSTOMER_DETAILS: Readonly<CustomerDetails> = {
  fullName: null,
  birthDate: null,
  nationality: null,
  email: null,
  phoneNumber: null,
  address: null,
  businessInfo: null,
  beneficialOwners: null,
};

/** The name a customer goes by, if it has one on file: an individual's full name, a business's legal name. */
export function customerNameOf(details: Pick<CustomerDetails, 'fullName' | 'businessInfo'>): string | null {
  return details.fullName ?? details.businessInfo?.legalName ?? null;
}

/** Unique among live customers of one platform and environment. */
export const PLATFORM_CUSTOMER_ID_UNIQUE = 'customers_platform_customer_id_live';
/** Unique among all live customers: a UMA address routes payments to exactly one of them. */
export const UMA_ADDRESS_UNIQUE = 'customers_uma_address_live';

@Entity({ name: 'customers' })
export class Customer extends ScopedRecord implements CustomerDetails {
  @Column('text', { name: 'platform_customer_id' })
  platformCustomerId: string;

  @Column('text', { name: 'customer_type' })
  customerType: CustomerType;

  /** Stored lower-case: UMA addresses compare without case. */
  @Column('text', { name: 'uma_address' })
  umaAddress: string;

  @Column('text', { name: 'kyc_status' })
  kycStatus: KycStatus;

  @Column('text', { name: 'full_name', nullable: true })
  fullName: string | null;

  @Column('date', { name: 'birth_date', nullable: true })
  birthDate: string | null;

  @Column('text', { nullable: true })
  nationality: string | null;

  @Column('text', { nullable: true })
  email: string | null;

  @Column('text', { name: 'phone_number', nullable: true })
  phoneNumber: string | null;

  @Column('json', { nullable: true })
  address: PostalAddress | null;

  @Column('json', { name: 'business_info', nullable: true })
  businessInfo: BusinessInfo | null;

  @Column('json', { name: 'beneficial_owners', nullable: true })
  beneficialOwners: BeneficialOwner[] | null;

  /** The platform's own note about the customer. */
  @Column('text', { nullable: true })
  description: string | null;

  /** Set by DELETE: the customer stays readable but can no longer change or transact. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;
}
