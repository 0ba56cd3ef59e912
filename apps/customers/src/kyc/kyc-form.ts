import { FieldError } from '@payments/http';
import { CreateIndividualCustomerDto } from '@customers/customers/dto/create-customer.dto';

/** The fields of the hosted KYC form, by input name; every value is the trimmed text the person typed. */
export const KYC_FORM_FIELDS = [
  'fullName',
  'birthDate',
  'nationality',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'country',
] as const;
export type KycFormField = (typeof KYC_FORM_FIELDS)[number];
export type KycFormValues = Record<KycFormField, string>;
export type KycFormErrors = Partial<Record<KycFormField, string>>;

/** What the person reads for each field, and what the page asks when it is left empty (absent: optional). */
export const KYC_FORM_LABELS: Record<KycFormField, { label: string; whenMissing?: string }> = {
  fullName: { label: 'Full name', whenMissing: 'Enter your full name' },
  birthDate: { label: 'Date of birth', whenMissing: 'Enter your date of birth' },
  nationality: { label: 'Nationality', whenMissing: 'Choose your nationality' },
  line1: { label: 'Address line 1', whenMissing: 'Enter the first line of your address' },
  line2: { label: 'Address line 2 (optional)' },
  city: { label: 'Town or city', whenMissing: 'Enter your town or city' },
  state: { label: 'State, province or region (optional)' },
  postalCode: { label: 'Postal code', whenMissing: 'Enter your postal code' },
  country: { label: 'Country', whenMissing: 'Choose the country of your address' },
};

/** The API field each form field fills; the rules of POST /customers judge them. */
const API_FIELDS: Record<KycFormField, string> = {
  fullName: 'fullName',
  birthDate: 'birthDate',
  nationality: 'nationality',
  line1: 'address.line1',
  line2: 'address.line2',
  city: 'address.city',
  state: 'address.state',
  postalCode: 'address.postalCode',
  country: 'address.country',
};

/** The submitted form as trimmed strings; anything else in the body is ignored. */
export function kycFormValues(body: unknown): KycFormValues {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    KYC_FORM_FIELDS.map((field) => [
      field,
      typeof raw[field] === 'string' ? (raw[field] as string).trim() : '',
    ]),
  ) as KycFormValues;
}

/** The fields left empty that the page asks for. */
export function missingKycFields(values: KycFormValues): KycFormErrors {
  return Object.fromEntries(
    KYC_FORM_FIELDS.flatMap((field) => {
      const { whenMissing } = KYC_FORM_LABELS[field];
      return whenMissing && values[field] === '' ? [[field, whenMissing]] : [];
    }),
  );
}

/** The customer the form describes, as a POST /customers body for an individual. */
export function kycCustomerBody(
  platformCustomerId: string,
  values: KycFormValues,
): CreateIndividualCustomerDto {
  const optional = (value: string) => (value === '' ? undefined : value);
  return {
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    fullName: values.fullName,
    birthDate: values.birthDate,
    nationality: values.nationality,
    address: {
      line1: values.line1,
      line2: optional(values.line2),
      city: values.city,
      state: optional(values.state),
      postalCode: values.postalCode,
      country: values.country,
    },
  };
}

/**
 * One message per field, in the form's order: what an empty field needs, else the first of the API's
 * errors for it, starting with the field's label.
 */
export function kycFormErrors(missing: KycFormErrors, apiErrors: FieldError[]): KycFormErrors {
  return Object.fromEntries(
    KYC_FORM_FIELDS.flatMap((field) => {
      const apiError = apiErrors.find((error) => error.field === API_FIELDS[field]);
      const message =
        missing[field] ??
        (apiError && `${KYC_FORM_LABELS[field].label.replace(' (optional)', '')} ${apiError.message}`);
      return message ? [[field, message]] : [];
    }),
  );
}
