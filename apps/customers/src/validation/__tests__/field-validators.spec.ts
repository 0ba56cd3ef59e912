import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  HasNoDuplicates,
  IsCountryCode,
  IsCurrencyCode,
  IsList,
  IsNotLessThan,
  IsOmittable,
  isPastDate,
  IsResourceId,
  IsText,
  ToBoolean,
} from '@customers/validation/field-validators';
import { IsTimestamp } from '@payments/http';

describe('isPastDate', () => {
  const today = new Date('2025-10-13T12:00:00Z');

  it.each(['1990-01-15', '2000-02-29', '1900-01-01', '2025-10-12'])('accepts %j', (date) => {
    expect(isPastDate(date, today)).toBe(true);
  });

  it.each([
    ['today', '2025-10-13'],
    ['the future', '2030-01-01'],
    ['a day that does not exist', '1990-02-30'],
    ['a non-leap 29 February', '2001-02-29'],
    ['month 13', '1990-13-01'],
    ['before 1900', '1899-12-31'],
    ['a timestamp', '1990-01-15T00:00:00Z'],
    ['another format', '15/01/1990'],
    ['a number', 19900115],
  ])('refuses %s', (_case, date) => {
    expect(isPastDate(date, today)).toBe(false);
  });
});

class Sample {
  @IsOmittable() @IsText(5) nickname?: string;
  @IsCountryCode() country: string;
  @IsList({ minSize: 1, maxSize: 2 }) @HasNoDuplicates('must not repeat a code', 'code') entries: {
    code: string;
  }[];
  @IsNotLessThan('low') high: number;
  low: number;
  @ToBoolean() flag?: unknown;
  @IsOmittable() @IsTimestamp() at?: string;
  @IsOmittable() @IsCurrencyCode() currency?: string;
  @IsOmittable() @IsResourceId('Customer') customerId?: string;
}

function errorsOf(plain: object): Record<string, string[]> {
  const errors = validateSync(plainToInstance(Sample, plain));
  return Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {})]));
}

const VALID = { country: 'US', entries: [{ code: 'a' }], low: 1, high: 2 };

describe('field rules', () => {
  it('accept a valid object', () => {
    expect(errorsOf(VALID)).toEqual({});
  });

  it('skip an absent omittable field but refuse null, so null cannot blank a field', () => {
    expect(errorsOf({ ...VALID, nickname: undefined })).toEqual({});
    expect(errorsOf({ ...VALID, nickname: null })).toEqual({
      nickname: ['must be a non-blank string of at most 5 characters'],
    });
  });

  it('give one message per bad value', () => {
    expect(errorsOf({ ...VALID, nickname: '   ', country: 'us', entries: 'x' })).toEqual({
      nickname: ['must be a non-blank string of at most 5 characters'],
      country: ['must be an ISO 3166-1 alpha-2 country code such as US'],
      entries: ['must be an array of 1 to 2 entries'],
    });
  });

  it('refuse an unknown country code', () => {
    expect(errorsOf({ ...VALID, country: 'XX' })).toHaveProperty('country');
  });

  it('find duplicates by key and leave entries without it to other rules', () => {
    expect(errorsOf({ ...VALID, entries: [{ code: 'a' }, { code: 'a' }] })).toEqual({
      entries: ['must not repeat a code'],
    });
    expect(errorsOf({ ...VALID, entries: [{}, {}] })).toEqual({});
  });

  it('compare two numbers of the object, and only numbers', () => {
    expect(errorsOf({ ...VALID, low: 3, high: 2 })).toEqual({ high: ['must not be less than low'] });
    expect(errorsOf({ ...VALID, low: 2, high: 2 })).toEqual({});
    expect(errorsOf({ ...VALID, low: 'x', high: 2 })).toEqual({});
  });

  it.each(['2025-10-13T09:30:00Z', '2025-10-13T09:30:00.123+02:00', '2025-10-13'])(
    'accept the timestamp %j',
    (at) => {
      expect(errorsOf({ ...VALID, at })).toEqual({});
    },
  );

  it.each(['yesterday', '2025-13-01T00:00:00Z', '2025-W41', '2025-286'])('refuse the timestamp %j', (at) => {
    expect(errorsOf({ ...VALID, at })).toEqual({
      at: ['must be an ISO 8601 timestamp such as 2025-10-13T09:30:00Z'],
    });
  });

  it('read query-string booleans and keep anything else for validation to refuse', () => {
    expect(plainToInstance(Sample, { flag: 'true' }).flag).toBe(true);
    expect(plainToInstance(Sample, { flag: 'false' }).flag).toBe(false);
    expect(plainToInstance(Sample, { flag: 'yes' }).flag).toBe('yes');
  });

  it.each(['USD', 'BTC', 'MXN'])('accept the currency %j', (currency) => {
    expect(errorsOf({ ...VALID, currency })).toEqual({});
  });

  it.each(['usd', 'XYZ', 1])('refuse the currency %j, naming the supported ones', (currency) => {
    expect(errorsOf({ ...VALID, currency }).currency).toEqual([expect.stringContaining('USD, EUR')]);
  });

  it('accept an API id of the named type only', () => {
    expect(errorsOf({ ...VALID, customerId: 'Customer:da459a29-1fb7-41ce-a4cb-eb3a3c9fd7a7' })).toEqual({});
    for (const customerId of [
      'da459a29-1fb7-41ce-a4cb-eb3a3c9fd7a7',
      'ExternalAccount:da459a29-1fb7-41ce-a4cb-eb3a3c9fd7a7',
      'Customer:x',
    ]) {
      expect(errorsOf({ ...VALID, customerId })).toEqual({
        customerId: ['must be an id of the form Customer:<uuid>'],
      });
    }
  });
});
