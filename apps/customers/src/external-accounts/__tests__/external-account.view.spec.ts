import { Environment } from '@payments/contracts';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import {
  presentExternalAccount,
  presentInternalExternalAccount,
} from '@customers/external-accounts/external-account.view';

const CREATED = new Date('2025-10-13T09:30:00Z');

function account(fields: Partial<ExternalAccount> = {}): ExternalAccount {
  return Object.assign(new ExternalAccount(), {
    id: 'e85dcbd6-dced-4ec4-b756-3c3a9ea3d965',
    seq: '1',
    platformId: '5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
    environment: Environment.Sandbox,
    customerId: 'da459a29-1fb7-41ce-a4cb-eb3a3c9fd7a7',
    currency: 'MXN',
    accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771' },
    status: 'ACTIVE',
    platformAccountId: 'acc-1',
    defaultUmaDepositAccount: true,
    beneficiaryVerificationStatus: 'MATCHED',
    beneficiaryVerifiedName: 'Jane Doe',
    activateAt: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...fields,
  });
}

describe('presentExternalAccount', () => {
  it('shows API ids, the verified data and ISO timestamps', () => {
    expect(presentExternalAccount(account())).toEqual({
      id: 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965',
      status: 'ACTIVE',
      currency: 'MXN',
      accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771' },
      customerId: 'Customer:da459a29-1fb7-41ce-a4cb-eb3a3c9fd7a7',
      platformAccountId: 'acc-1',
      defaultUmaDepositAccount: true,
      beneficiaryVerificationStatus: 'MATCHED',
      beneficiaryVerifiedData: { fullName: 'Jane Doe' },
      createdAt: '2025-10-13T09:30:00.000Z',
      updatedAt: '2025-10-13T09:30:00.000Z',
    });
  });

  it("shows a platform's own account with customerId null and leaves out what it lacks", () => {
    const view = JSON.parse(
      JSON.stringify(
        presentExternalAccount(
          account({ customerId: null, platformAccountId: null, beneficiaryVerifiedName: null }),
        ),
      ),
    );
    expect(view.customerId).toBeNull();
    expect(view).not.toHaveProperty('platformAccountId');
    expect(view).not.toHaveProperty('beneficiaryVerifiedData');
  });
});

describe('presentInternalExternalAccount', () => {
  it('adds what the transfers app needs: the type, the identifier the rail pays to and pull capability', () => {
    expect(presentInternalExternalAccount(account())).toMatchObject({
      id: 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965',
      accountType: 'CLABE',
      primaryIdentifier: '002010077777777771',
      pullCapable: false,
    });
  });
});
