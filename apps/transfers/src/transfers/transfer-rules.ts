import { accountNotActive, ApiException } from '@payments/http';
import { ExternalAccount } from '@transfers/accounts/external-accounts.client';
import { LedgerAccount } from '@transfers/accounts/ledger.client';

/** The two ends of a same-currency transfer between an internal and an external account. */
export interface TransferEnds {
  internal: LedgerAccount;
  external: ExternalAccount;
  /** The body field that named the external account, for error details. */
  externalField: 'source.accountId' | 'destination.accountId';
}

/**
 * Checks every transfer-in and transfer-out makes before money is touched, in the order a client
 * fixes them: whose accounts (400), which currency (400), then what their state allows (422).
 */
export function assertTransferAllowed(ends: TransferEnds, direction: 'IN' | 'OUT'): void {
  const { internal, external, externalField } = ends;
  // Money only moves between accounts of one owner: a customer, or the platform itself (null).
  if (internal.customerId !== external.customerId) {
    throw ApiException.invalidInput([
      { field: externalField, message: 'must belong to the same customer as the internal account' },
    ]);
  }
  if (internal.currency !== external.currency) {
    throw new ApiException(
      'INVALID_CURRENCY',
      `The internal account holds ${internal.currency} and the external account ${external.currency}; transfers need one currency`,
    );
  }
  if (external.status !== 'ACTIVE') {
    throw accountNotActive(external.id, external.status);
  }
  if (direction === 'IN' && !external.pullCapable) {
    throw new ApiException(
      'TRANSFER_IN_NOT_SUPPORTED',
      `External account ${external.id} (${external.accountType}) cannot be pulled from; fund the internal account with its payment instructions`,
    );
  }
}
