import { CustomerType } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { CustomerDetails } from '@customers/customers/customer.entity';
import { requiredCustomerFields } from '@customers/platforms/provider-requirements';
import { UserInfoField } from '@customers/platforms/user-info-fields';

type FieldValue = (details: CustomerDetails) => unknown;

/**
 * Where each user-info field lives on a customer of each type. A field a type cannot have (a business
 * has no birth date) is absent, and so never required of that type. A business's name is its legal name.
 */
const FIELD_VALUES: Record<CustomerType, Partial<Record<UserInfoField, FieldValue>>> = {
  INDIVIDUAL: {
    FULL_NAME: (details) => details.fullName,
    BIRTH_DATE: (details) => details.birthDate,
    NATIONALITY: (details) => details.nationality,
    ADDRESS: (details) => details.address,
    PHONE_NUMBER: (details) => details.phoneNumber,
    EMAIL: (details) => details.email,
  },
  BUSINESS: {
    FULL_NAME: (details) => details.businessInfo?.legalName,
    BUSINESS_NAME: (details) => details.businessInfo?.legalName,
    ADDRESS: (details) => details.address,
    PHONE_NUMBER: (details) => details.phoneNumber,
    EMAIL: (details) => details.email,
    TAX_ID: (details) => details.businessInfo?.taxId,
  },
};

/** The fields the provider requires for any of `currencyCodes` that the customer lacks. */
export function missingUserInfo(
  customerType: CustomerType,
  details: CustomerDetails,
  currencyCodes: readonly string[],
): UserInfoField[] {
  const values = FIELD_VALUES[customerType];
  return requiredCustomerFields(currencyCodes).filter((field) => {
    const value = values[field];
    return value !== undefined && (value(details) ?? null) === null;
  });
}

/** `requirer` names what requires the fields, in the error's message. */
export function assertNoMissingUserInfo(
  customerType: CustomerType,
  details: CustomerDetails,
  currencyCodes: readonly string[],
  requirer = "The platform's currencies",
): void {
  const missing = missingUserInfo(customerType, details, currencyCodes);
  if (missing.length > 0) {
    throw new ApiException(
      'MISSING_MANDATORY_USER_INFO',
      `${requirer} require this customer information: ${missing.join(', ')}`,
      { missingFields: missing },
    );
  }
}
