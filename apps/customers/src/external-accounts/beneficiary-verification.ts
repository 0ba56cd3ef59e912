import { CustomerDetails, customerNameOf } from '@customers/customers/customer.entity';
import { AccountInfo, beneficiaryNameOf, isWallet } from '@customers/external-accounts/account-info';

export const BENEFICIARY_VERIFICATION_STATUSES = [
  'MATCHED',
  'PARTIAL_MATCH',
  'NOT_MATCHED',
  'UNSUPPORTED',
  'CHECKED_BY_RECEIVING_FI',
  'PENDING',
] as const;
export type BeneficiaryVerificationStatus = (typeof BENEFICIARY_VERIFICATION_STATUSES)[number];

export interface BeneficiaryVerification {
  status: BeneficiaryVerificationStatus;
  /** The account holder's name as the (simulated) rail reports it, when it reports one. */
  verifiedName: string | null;
}

type NameMatch = Extract<BeneficiaryVerificationStatus, 'MATCHED' | 'PARTIAL_MATCH' | 'NOT_MATCHED'>;

/**
 * The simulated rail's name check of the beneficiary against the holder it knows: the customer's name
 * on file. Wallets have no holder name to check (UNSUPPORTED). The platform's own accounts have no
 * name on file to compare with, so the check is left to the receiving institution, as ACH does.
 */
export function verifyBeneficiary(
  info: AccountInfo,
  customer: Pick<CustomerDetails, 'fullName' | 'businessInfo'> | null,
): BeneficiaryVerification {
  if (isWallet(info)) return { status: 'UNSUPPORTED', verifiedName: null };
  if (!customer) return { status: 'CHECKED_BY_RECEIVING_FI', verifiedName: null };
  const holderName = customerNameOf(customer);
  return {
    status: compareNames(info.beneficiary && beneficiaryNameOf(info.beneficiary), holderName),
    verifiedName: holderName,
  };
}

/**
 * MATCHED when the names are the same, PARTIAL_MATCH when only the last names are, NOT_MATCHED
 * otherwise. Case, accents, punctuation and spacing do not count.
 */
export function compareNames(given: string | undefined, onFile: string | null): NameMatch {
  const givenWords = wordsOf(given ?? '');
  const onFileWords = wordsOf(onFile ?? '');
  if (givenWords.length === 0 || onFileWords.length === 0) return 'NOT_MATCHED';
  if (givenWords.join(' ') === onFileWords.join(' ')) return 'MATCHED';
  return givenWords.at(-1) === onFileWords.at(-1) ? 'PARTIAL_MATCH' : 'NOT_MATCHED';
}

function wordsOf(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
