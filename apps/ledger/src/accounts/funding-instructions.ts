import { LedgerAccount } from '@ledger/accounts/account.entity';
import { FundingPaymentInstructionView } from '@ledger/accounts/internal-account.view';

/** The sandbox settlement bank every deposit is sent to; the reference routes it to one account. */
const SETTLEMENT_BANK = {
  accountNumber: '000123456789',
  routingNumber: '021000021',
  bankName: 'Sandbox Settlement Bank',
  accountHolderName: 'Payments Service FBO',
};

/**
 * How to fund an account: a bank transfer to the settlement bank quoting the account's reference.
 * Only internal accounts have a reference; a system account cannot be funded from outside.
 */
export function fundingInstructions(account: LedgerAccount): FundingPaymentInstructionView[] {
  if (account.fundingReference === null) return [];
  return [
    {
      accountOrWalletInfo: {
        accountType: 'US_ACCOUNT',
        reference: account.fundingReference,
        ...SETTLEMENT_BANK,
      },
      instructionsNotes: `Send ${account.currency} by bank transfer and quote reference ${account.fundingReference}.`,
      isPlatformAccount: account.customerId === null,
    },
  ];
}
