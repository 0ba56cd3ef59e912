import { isBIC, isIBAN } from 'class-validator';
import { FieldError } from '@payments/http';
import { PostalAddress } from '@customers/customers/customer.entity';
import {
  isAbaRoutingNumber,
  isClabe,
  isPixKey,
  isUsAccountNumber,
  isVpa,
  isWalletAddress,
  PixKeyType,
} from '@customers/external-accounts/bank-identifiers';

export const ACCOUNT_TYPES = ['US_ACCOUNT', 'CLABE', 'PIX', 'IBAN', 'UPI', 'SPARK_WALLET'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_CATEGORIES = ['CHECKING', 'SAVINGS'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

export const BENEFICIARY_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;

/** The person the rail pays. Linked accounts carry only what the link provider reports (name, address). */
export interface IndividualBeneficiary {
  beneficiaryType: 'INDIVIDUAL';
  fullName: string;
  birthDate?: string;
  nationality?: string;
  address?: PostalAddress;
}

/** The company the rail pays. */
export interface BusinessBeneficiary {
  beneficiaryType: 'BUSINESS';
  legalName: string;
  registrationNumber?: string;
  taxId?: string;
  address?: PostalAddress;
}

export type Beneficiary = IndividualBeneficiary | BusinessBeneficiary;

/** The name a rail checks and shows for the beneficiary: a person's full name, a company's legal name. */
export function beneficiaryNameOf(beneficiary: Beneficiary): string {
  return beneficiary.beneficiaryType === 'BUSINESS' ? beneficiary.legalName : beneficiary.fullName;
}

interface WithBeneficiary {
  /** Absent only on a linked account whose customer has no name on file. */
  beneficiary?: Beneficiary;
}

interface AtBank extends WithBeneficiary {
  bankName?: string;
}

export interface UsAccountInfo extends AtBank {
  accountType: 'US_ACCOUNT';
  accountNumber: string;
  routingNumber: string;
  accountCategory: AccountCategory;
}

export interface ClabeAccountInfo extends AtBank {
  accountType: 'CLABE';
  clabeNumber: string;
}

export interface PixAccountInfo extends AtBank {
  accountType: 'PIX';
  pixKey: string;
  pixKeyType: PixKeyType;
}

export interface IbanAccountInfo extends AtBank {
  accountType: 'IBAN';
  iban: string;
  swiftBic?: string;
}

export interface UpiAccountInfo extends WithBeneficiary {
  accountType: 'UPI';
  vpa: string;
}

export interface SparkWalletInfo {
  accountType: 'SPARK_WALLET';
  address: string;
}

/** `accountInfo` of an external account, as stored and shown. */
export type AccountInfo =
  UsAccountInfo | ClabeAccountInfo | PixAccountInfo | IbanAccountInfo | UpiAccountInfo | SparkWalletInfo;

/** The value that names the account on its rail; sandbox rails read their failure endings from it. */
export function primaryIdentifierOf(info: AccountInfo): string {
  switch (info.accountType) {
    case 'US_ACCOUNT':
      return info.accountNumber;
    case 'CLABE':
      return info.clabeNumber;
    case 'PIX':
      return info.pixKey;
    case 'IBAN':
      return info.iban;
    case 'UPI':
      return info.vpa;
    case 'SPARK_WALLET':
      return info.address;
  }
}

/** Only ACH lets the service pull money from the account (transfer-in); every other rail only pays out. */
export function isPullCapable(info: AccountInfo): boolean {
  return info.accountType === 'US_ACCOUNT';
}

/** Wallets have no account holder whose name a rail could check. */
export function isWallet(info: AccountInfo): info is SparkWalletInfo {
  return info.accountType === 'SPARK_WALLET';
}

type Check = [field: string, isValid: boolean, message: string];

/**
 * What is wrong with the identifiers of an account whose fields are all present and of the right type:
 * a format, a length or a check digit. Empty when the rail could route to it.
 */
export function bankAccountErrors(info: AccountInfo): FieldError[] {
  return checksOf(info)
    .filter(([, isValid]) => !isValid)
    .map(([field, , message]) => ({ field: `accountInfo.${field}`, message }));
}

function checksOf(info: AccountInfo): Check[] {
  switch (info.accountType) {
    case 'US_ACCOUNT':
      return [
        ['accountNumber', isUsAccountNumber(info.accountNumber), 'must be 4 to 17 digits'],
        [
          'routingNumber',
          isAbaRoutingNumber(info.routingNumber),
          'must be a 9-digit ABA routing number with a valid check digit',
        ],
      ];
    case 'CLABE':
      return [
        ['clabeNumber', isClabe(info.clabeNumber), 'must be an 18-digit CLABE with a valid check digit'],
      ];
    case 'PIX':
      return [['pixKey', isPixKey(info.pixKey, info.pixKeyType), PIX_KEY_MESSAGES[info.pixKeyType]]];
    case 'IBAN':
      return [
        [
          'iban',
          isIBAN(info.iban),
          'must be an IBAN with the length of its country and check digits that verify (mod 97)',
        ],
        [
          'swiftBic',
          info.swiftBic === undefined || isBIC(info.swiftBic),
          'must be an 8 or 11 character SWIFT/BIC code',
        ],
      ];
    case 'UPI':
      return [['vpa', isVpa(info.vpa), 'must be a UPI virtual payment address such as name@bank']];
    case 'SPARK_WALLET':
      return [
        [
          'address',
          isWalletAddress(info.address),
          'must be a wallet address of 1 to 200 characters without spaces',
        ],
      ];
  }
}

const PIX_KEY_MESSAGES: Record<PixKeyType, string> = {
  CPF: 'must be a CPF for pixKeyType CPF: 11 digits with valid check digits',
  CNPJ: 'must be a CNPJ for pixKeyType CNPJ: 14 digits with valid check digits',
  EMAIL: 'must be an email address of at most 77 characters for pixKeyType EMAIL',
  PHONE: 'must be a Brazilian phone number such as +5511987654321 for pixKeyType PHONE',
  RANDOM: 'must be a random key (a UUID) for pixKeyType RANDOM',
};
