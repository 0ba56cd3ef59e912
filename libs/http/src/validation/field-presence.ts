import { Transform } from 'class-transformer';
import { ValidateIf } from 'class-validator';

/**
 * Like IsOptional, except that null is validated (and so refused) instead of skipped: a client cannot
 * blank a field by sending null.
 */
export function IsOmittable(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

/** Query strings carry booleans as text: 'true' and 'false' become booleans, anything else stays to be refused. */
export function ToBoolean(): PropertyDecorator {
  return Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
}
