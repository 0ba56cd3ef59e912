import { createHash } from 'node:crypto';
import { CustomerDetails, customerNameOf } from '@customers/customers/customer.entity';
import { UsAccountInfo } from '@customers/external-accounts/account-info';

/** Published routing numbers of large US banks, so that a linked account looks like one at a real bank. */
const SANDBOX_BANKS = [
  { bankName: 'JPMorgan Chase Bank', routingNumber: '021000021' },
  { bankName: 'Bank of America', routingNumber: '026009593' },
  { bankName: 'Wells Fargo Bank', routingNumber: '121000248' },
  { bankName: 'Citibank', routingNumber: '021000089' },
  { bankName: 'U.S. Bank', routingNumber: '091000022' },
] as const;

/**
 * The checking account the link provider's sandbox reports for a public token and account id: the same
 * pair always gives the same account. Its number ends in the token's last three digits (000 when it
 * does not end in digits), so a sandbox user picks a rail failure ending (docs/api.md#sandbox) by
 * choosing the token. The holder is the customer who linked it, with the name and address on file.
 */
export function sandboxLinkedAccount(
  publicToken: string,
  accountId: string | undefined,
  holder: Pick<CustomerDetails, 'fullName' | 'businessInfo' | 'address'>,
): UsAccountInfo {
  const digest = createHash('sha256')
    .update(`${publicToken}\n${accountId ?? ''}`)
    .digest();
  const bank = SANDBOX_BANKS[digest[0] % SANDBOX_BANKS.length];
  const leadingDigits = String(digest.readUInt32BE(1) % 1_000_000_000).padStart(9, '0');
  const holderName = customerNameOf(holder);
  return {
    accountType: 'US_ACCOUNT',
    accountNumber: leadingDigits + (/\d{3}$/.exec(publicToken)?.[0] ?? '000'),
    routingNumber: bank.routingNumber,
    accountCategory: 'CHECKING',
    bankName: bank.bankName,
    ...(holderName && {
      beneficiary: {
        beneficiaryType: 'INDIVIDUAL',
        fullName: holderName,
        ...(holder.address && { address: holder.address }),
      },
    }),
  };
}
