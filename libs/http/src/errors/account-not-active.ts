import { ApiException } from './api.exception';

/**
 * The refusal to move money through an external account that is not ACTIVE, saying what would make
 * it usable: a PENDING account (made by the link provider) turns ACTIVE shortly by itself.
 */
export function accountNotActive(accountId: string, status: string | undefined): ApiException {
  const remedy =
    status === 'PENDING'
      ? 'it turns ACTIVE shortly after linking; retry then'
      : 'use an ACTIVE account instead';
  return new ApiException(
    'ACCOUNT_NOT_ACTIVE',
    `External account ${accountId} is ${status}, not ACTIVE: ${remedy}`,
  );
}
