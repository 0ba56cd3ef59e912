import { isEmail, isISO31661Alpha2, isUUID } from 'class-validator';

/**
 * Checks of the identifiers that name an account on its rail. Each takes the value as stored (no
 * spaces or punctuation) and answers whether it is one that rail could route to.
 */

/** ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  return /^\d{9}$/.test(value) && weightedSum(value, [3, 7, 1]) % 10 === 0;
}

/** US account numbers run from 4 to 17 digits. */
export function isUsAccountNumber(value: string): boolean {
  return /^\d{4,17}$/.test(value);
}

/** CLABE: 18 digits; the last is (10 - Σ(digit × weight mod 10) mod 10) mod 10 over weights 3, 7, 1. */
export function isClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const sum = [...value.slice(0, 17)].reduce(
    (total, digit, index) => total + ((Number(digit) * [3, 7, 1][index % 3]) % 10),
    0,
  );
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

/** IBAN lengths of the countries most payments here go to; other countries get the general bounds. */
// prettier-ignore
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AT: 20, BE: 16, BG: 22, BR: 29, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20,
  ES: 24, FI: 18, FR: 27, GB: 22, GR: 27, HR: 21, HU: 28, IE: 22, IL: 23, IS: 26, IT: 27, LI: 21,
  LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SA: 24, SE: 24,
  SI: 19, SK: 24, SM: 27, TR: 26,
};

/** IBAN: country, 2 check digits, up to 30 letters or digits; its country's length; mod 97 gives 1. */
export function isIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const country = value.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (!isISO31661Alpha2(country) || (length !== undefined && value.length !== length)) return false;
  return mod97(value.slice(4) + value.slice(0, 4)) === 1;
}

/** SWIFT/BIC: bank (4 letters), country (2), location (2) and an optional branch (3). */
export function isSwiftBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value) && isISO31661Alpha2(value.slice(4, 6));
}

/** CPF: 11 digits ending in two mod-11 check digits; a repeated digit passes the sums but is not issued. */
export function isCpf(value: string): boolean {
  return (
    /^\d{11}$/.test(value) &&
    !/^(\d)\1+$/.test(value) &&
    hasMod11CheckDigits(value, [10, 9, 8, 7, 6, 5, 4, 3, 2], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
  );
}

/** CNPJ: 14 digits ending in two mod-11 check digits. */
export function isCnpj(value: string): boolean {
  return (
    /^\d{14}$/.test(value) &&
    !/^(\d)\1+$/.test(value) &&
    hasMod11CheckDigits(value, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  );
}

export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** The PIX directory (DICT) limits e-mail keys to 77 characters. */
const MAX_PIX_EMAIL_LENGTH = 77;

const PIX_KEY_RULES: Record<PixKeyType, (key: string) => boolean> = {
  CPF: isCpf,
  CNPJ: isCnpj,
  EMAIL: (key) => key.length <= MAX_PIX_EMAIL_LENGTH && isEmail(key),
  // +55, a two-digit area code (no zeros in it) and an 8-digit landline or 9-digit mobile number.
  PHONE: (key) => /^\+55[1-9]{2}\d{8,9}$/.test(key),
  RANDOM: (key) => isUUID(key),
};

export function isPixKey(key: string, keyType: PixKeyType): boolean {
  return PIX_KEY_RULES[keyType](key);
}

/** UPI virtual payment address: `name@handle`, the handle naming the payment app or bank. */
export function isVpa(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(value);
}

/** Spark addresses are bech32m strings; any non-blank token without spaces is accepted. */
export function isWalletAddress(value: string): boolean {
  return /^\S{1,200}$/.test(value);
}

function weightedSum(digits: string, weights: number[]): number {
  return [...digits].reduce(
    (total, digit, index) => total + Number(digit) * weights[index % weights.length],
    0,
  );
}

/** The two digits after the base, each 11 - (weighted sum mod 11), or 0 when that is 10 or 11. */
function hasMod11CheckDigits(value: string, firstWeights: number[], secondWeights: number[]): boolean {
  const checkDigit = (digits: string, weights: number[]) => {
    const remainder = weightedSum(digits, weights) % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const base = value.length - 2;
  return (
    checkDigit(value.slice(0, base), firstWeights) === Number(value[base]) &&
    checkDigit(value.slice(0, base + 1), secondWeights) === Number(value[base + 1])
  );
}

/** The remainder mod 97 of the number an IBAN's characters spell, letters counting 10 to 35. */
function mod97(characters: string): number {
  return [...characters].reduce((remainder, character) => {
    const value = parseInt(character, 36);
    return (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }, 0);
}
