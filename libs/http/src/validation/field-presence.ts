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

/**
 * Validated whenever present, whatever the other fields say, and required when `isRequired` holds
 * for the whole object: only whether the field must be there may depend on the others, never its
 * type checks (skipping them let a wrongly-typed field through to the service).
 */
export function RequiredWhen<T>(isRequired: (object: T) => boolean): PropertyDecorator {
  return ValidateIf((object: T, value) => value !== undefined || isRequired(object));
}
