/** The user-info field names (docs/api.md): what may be required about a customer or a counterparty. */
export const USER_INFO_FIELDS = [
  'FULL_NAME',
  'BIRTH_DATE',
  'NATIONALITY',
  'ADDRESS',
  'PHONE_NUMBER',
  'EMAIL',
  'BUSINESS_NAME',
  'TAX_ID',
] as const;

export type UserInfoField = (typeof USER_INFO_FIELDS)[number];
