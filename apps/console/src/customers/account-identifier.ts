import type { components } from '@console/api/openapi';

type AccountInfo = components['schemas']['ExternalAccountView']['accountInfo'];

/** The number a person reads an external account by, whichever rail it is on. */
export function accountIdentifier(info: AccountInfo): string {
  switch (info.accountType) {
    case 'US_ACCOUNT':
      return `${info.accountNumber} (routing ${info.routingNumber})`;
    case 'CLABE':
      return info.clabeNumber;
    case 'PIX':
      return info.pixKey;
    case 'IBAN':
      return info.iban;
    case 'UPI':
      return info.vpa;
    default:
      return info.address;
  }
}
