import { ApiException } from '@payments/http';
import { ExternalAccount } from '@transfers/accounts/external-accounts.client';
import { LedgerAccount } from '@transfers/accounts/ledger.client';
import { assertTransferAllowed, TransferEnds } from '@transfers/transfers/transfer-rules';

const CUSTOMER = 'Customer:7b3c1a2e-1111-4d2f-9a1b-000000000001';

function internal(changes: Partial<LedgerAccount> = {}): LedgerAccount {
  return {
    id: 'InternalAccount:7b3c1a2e-2222-4d2f-9a1b-000000000002',
    customerId: CUSTOMER,
    platformCustomerId: 'cust-1',
    currency: 'USD',
    ...changes,
  };
}

function external(changes: Partial<ExternalAccount> = {}): ExternalAccount {
  return {
    id: 'ExternalAccount:7b3c1a2e-3333-4d2f-9a1b-000000000003',
    status: 'ACTIVE',
    currency: 'USD',
    customerId: CUSTOMER,
    accountType: 'US_ACCOUNT',
    primaryIdentifier: '123456789',
    pullCapable: true,
    ...changes,
  };
}

function refusal(
  ends: Omit<TransferEnds, 'externalField'>,
  direction: 'IN' | 'OUT',
): ApiException | undefined {
  try {
    assertTransferAllowed(
      { ...ends, externalField: direction === 'IN' ? 'source.accountId' : 'destination.accountId' },
      direction,
    );
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    return error as ApiException;
  }
}

describe('transfer rules', () => {
  it.each(['IN', 'OUT'] as const)(
    'allows a %s transfer between one owner’s accounts of one currency',
    (direction) => {
      expect(refusal({ internal: internal(), external: external() }, direction)).toBeUndefined();
    },
  );

  it("allows the platform's own accounts (no customer) to pay each other", () => {
    expect(
      refusal({ internal: internal({ customerId: null }), external: external({ customerId: null }) }, 'OUT'),
    ).toBeUndefined();
  });

  it.each([
    ['another customer', { customerId: 'Customer:7b3c1a2e-1111-4d2f-9a1b-000000000009' }],
    ['the platform', { customerId: null }],
  ])('refuses an external account of %s with INVALID_INPUT naming the field', (_case, changes) => {
    const error = refusal({ internal: internal(), external: external(changes) }, 'OUT');
    expect(error?.code).toBe('INVALID_INPUT');
    expect(error?.details).toEqual({
      errors: [{ field: 'destination.accountId', message: expect.any(String) }],
    });
  });

  it('refuses two currencies with INVALID_CURRENCY', () => {
    expect(refusal({ internal: internal(), external: external({ currency: 'EUR' }) }, 'IN')?.code).toBe(
      'INVALID_CURRENCY',
    );
  });

  it.each(['PENDING', 'UNDER_REVIEW', 'INACTIVE'] as const)(
    'refuses a %s external account with ACCOUNT_NOT_ACTIVE',
    (status) => {
      for (const direction of ['IN', 'OUT'] as const) {
        const error = refusal({ internal: internal(), external: external({ status }) }, direction);
        expect(error?.code).toBe('ACCOUNT_NOT_ACTIVE');
        expect(error?.status).toBe(422);
      }
    },
  );

  it('refuses to pull from an account without pull functionality, but pays out to it', () => {
    const iban = external({ accountType: 'IBAN', pullCapable: false, currency: 'EUR' });
    const euroAccount = internal({ currency: 'EUR' });
    const error = refusal({ internal: euroAccount, external: iban }, 'IN');
    expect(error?.code).toBe('TRANSFER_IN_NOT_SUPPORTED');
    expect(error?.status).toBe(422);
    expect(refusal({ internal: euroAccount, external: iban }, 'OUT')).toBeUndefined();
  });

  it('reports a bad request (400) before what the state forbids (422)', () => {
    const everythingWrong = external({ currency: 'EUR', status: 'INACTIVE', pullCapable: false });
    expect(refusal({ internal: internal(), external: everythingWrong }, 'IN')?.code).toBe('INVALID_CURRENCY');
  });
});
