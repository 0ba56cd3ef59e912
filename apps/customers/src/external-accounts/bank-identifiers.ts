import { isEmail, isUUID } from 'class-validator';

/**
 * Checks of the identifiers that name an account on its rail. Each takes the value as stored (no
 * spaces or punctuation) and answers whether it is one that rail could route to. IBANs and BICs are
 * checked with class-validator's isIBAN and isBIC, which know every registered country's format.
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
