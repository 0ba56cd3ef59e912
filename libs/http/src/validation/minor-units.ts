import { applyDecorators } from '@nestjs/common';
import { Max, Min, ValidateBy } from 'class-validator';

/** The constraint name of the type check below, one of TYPE_CONSTRAINTS (validation.pipe). */
export const IS_MINOR_UNITS = 'isMinorUnits';

/**
 * An amount in minor units of its currency (docs/api.md, "Identifiers, amounts and times"): a JSON
 * integer from `min` to `max`. A value of any other type is told the unit and what it sent, and
 * nothing of the range, which it did not get as far as (`"100"` is a string, not too large).
 */
export function IsMinorUnits(min: number, max: number): PropertyDecorator {
  return applyDecorators(
    ValidateBy({
      name: IS_MINOR_UNITS,
      validator: {
        validate: (value) => Number.isInteger(value),
        defaultMessage: (args) =>
          `must be a JSON integer of minor units, e.g. 10000 for 100.00 USD; got ${jsonTypeOf(args?.value)}`,
      },
    }),
    Min(min),
    Max(max),
  );
}

/** What a JSON value is, in words: its type, or the number itself when only its fraction is wrong. */
function jsonTypeOf(value: unknown): string {
  if (value === undefined) return 'no value';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
