import { Type as TransformType, Transform } from 'class-transformer';
import { isEmail, isISO31661Alpha2, IsObject, ValidateBy, ValidateNested } from 'class-validator';
import { applyDecorators, Type } from '@nestjs/common';
import { isIdOf, ResourceType } from '@payments/contracts';
import { isSupportedCurrency, SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { isUmaAddress, isUmaDomain } from '@customers/uma/uma-names';

/** Shared with the other apps' DTOs; kept importable from here, where the customer DTOs look for their rules. */
export { IsOmittable, ToBoolean } from '@payments/http';

/** Lower-cases a string before it is validated, for values that compare without case. */
export function ToLowerCase(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value));
}

/** A nested object validated against its own class; an array or a primitive in its place is refused. */
export function IsNestedObject(type: () => Type<object>): PropertyDecorator {
  return applyDecorators(IsObject({ message: 'must be an object' }), ValidateNested(), TransformType(type));
}

/**
 * A nested object validated against the class its `property` names; any other value of `property` is
 * validated against `fallback`, which must report it.
 */
export function IsNestedOneOf(
  property: string,
  fallback: Type<object>,
  classes: Record<string, Type<object>>,
): PropertyDecorator {
  return applyDecorators(
    IsObject({ message: 'must be an object' }),
    ValidateNested(),
    TransformType(() => fallback, {
      discriminator: {
        property,
        subTypes: Object.entries(classes).map(([name, value]) => ({ name, value })),
      },
      keepDiscriminatorProperty: true,
    }),
  );
}

/** One rule with one message, so that a bad value yields exactly one error for its field. */
function rule(name: string, message: string, test: (value: unknown) => boolean): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: test, defaultMessage: () => message } });
}

export const IsText = (maxLength: number) =>
  rule(
    'isText',
    `must be a non-blank string of at most ${maxLength} characters`,
    (value) => typeof value === 'string' && value.trim() !== '' && value.length <= maxLength,
  );

export const IsCountryCode = () =>
  rule(
    'isCountryCode',
    'must be an ISO 3166-1 alpha-2 country code such as US',
    (value) => typeof value === 'string' && /^[A-Z]{2}$/.test(value) && isISO31661Alpha2(value),
  );

export const IsPastDate = () =>
  rule('isPastDate', 'must be a real past date in YYYY-MM-DD format', (value) => isPastDate(value));

export const IsPhoneNumber = () =>
  rule(
    'isPhoneNumber',
    'must be an E.164 phone number such as +14155551234',
    (value) => typeof value === 'string' && /^\+[1-9]\d{1,14}$/.test(value),
  );

export const IsEmailAddress = () =>
  rule(
    'isEmailAddress',
    'must be an email address',
    (value) => typeof value === 'string' && value.length <= 254 && isEmail(value),
  );

export const IsCurrencyCode = () =>
  rule(
    'isCurrencyCode',
    `must be one of ${SUPPORTED_CURRENCY_CODES.join(', ')}`,
    (value) => typeof value === 'string' && isSupportedCurrency(value),
  );

/** An API id such as `Customer:<uuid>`. */
export const IsResourceId = (type: ResourceType) =>
  rule(
    'isResourceId',
    `must be an id of the form ${type}:<uuid>`,
    (value) => typeof value === 'string' && isIdOf(type, value),
  );

export const IsUmaAddress = () =>
  rule('isUmaAddress', 'must be a UMA address such as $alice@example.com', isUmaAddress);

export const IsUmaDomain = () =>
  rule('isUmaDomain', 'must be a domain name such as example.com, optionally with a port', isUmaDomain);

/** An array of `minSize` to `maxSize` entries, in one message whatever is wrong with it. */
export const IsList = ({ minSize = 0, maxSize }: { minSize?: number; maxSize: number }) =>
  rule(
    'isList',
    minSize > 0
      ? `must be an array of ${minSize} to ${maxSize} entries`
      : `must be an array of at most ${maxSize} entries`,
    (value) => Array.isArray(value) && value.length >= minSize && value.length <= maxSize,
  );

/**
 * No two entries alike, or with the same `property` when given. A value that is not an array, and an
 * entry without the property, are left to the rules that judge them.
 */
export const HasNoDuplicates = (message: string, property?: string) =>
  rule('hasNoDuplicates', message, (value) => {
    if (!Array.isArray(value)) return true;
    const keys = property
      ? value
          .map((entry) => (entry as Record<string, unknown> | null)?.[property])
          .filter((key) => key !== undefined)
      : value;
    return new Set(keys).size === keys.length;
  });

/** Refuses a number below the number in `property` of the same object; type errors are left to other rules. */
export function IsNotLessThan(property: string): PropertyDecorator {
  return ValidateBy({
    name: 'isNotLessThan',
    validator: {
      validate: (value, args) => {
        const other = (args?.object as Record<string, unknown>)[property];
        return typeof value !== 'number' || typeof other !== 'number' || value >= other;
      },
      defaultMessage: () => `must not be less than ${property}`,
    },
  });
}

/** Earlier dates of birth are typing mistakes rather than customers. */
const EARLIEST_YEAR = 1900;

/** A real calendar date written YYYY-MM-DD, from EARLIEST_YEAR up to yesterday (UTC). */
export function isPastDate(value: unknown, today = new Date()): boolean {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const isCalendarDate =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isCalendarDate && year >= EARLIEST_YEAR && (value as string) < today.toISOString().slice(0, 10);
}
