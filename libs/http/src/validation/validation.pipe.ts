import { ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidatorOptions } from 'class-validator';
import { ApiException } from '../errors/api.exception';
import { FieldError } from '../errors/error-codes';
import { fieldMessage } from './field-messages';
import { IS_MINOR_UNITS } from './minor-units';

const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  stopAtFirstError: false,
};

/** Whitelisting, transforming validation that reports every bad field at once as INVALID_INPUT. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...VALIDATOR_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => ApiException.invalidInput(flattenErrors(errors)),
  });
}

/**
 * The pipe's judgement of `value` as a `metatype`, synchronously: for bodies judged by the thousand
 * (a bulk import's batch), where class-validator's asynchronous run, a promise per rule, costs a
 * multiple of the rules themselves. A value that is not an object is judged as an empty one.
 */
export function validateBody<T extends object>(metatype: new () => T, value: unknown): T {
  const instance =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? plainToInstance(metatype, value)
      : new metatype();
  const errors = validateSync(instance, VALIDATOR_OPTIONS);
  if (errors.length > 0) throw ApiException.invalidInput(flattenErrors(errors));
  return instance;
}

/**
 * The checks of a value's JSON type. When one fails, the field's other messages (its range, length or
 * format) are dropped: they judge a value of the right type, and for this one they are false or
 * beside the point ("must not be greater than …" for the string "100").
 */
const TYPE_CONSTRAINTS = new Set([
  IS_MINOR_UNITS,
  'isInt',
  'isNumber',
  'isString',
  'isBoolean',
  'isArray',
  'isObject',
]);

export function flattenErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = reportedConstraints(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      message: fieldMessage(constraint, message, error),
    }));
    return [...own, ...flattenErrors(error.children ?? [], field)];
  });
}

function reportedConstraints(constraints: Record<string, string>): [string, string][] {
  const typeErrors = Object.entries(constraints).filter(([name]) => TYPE_CONSTRAINTS.has(name));
  return typeErrors.length > 0 ? typeErrors : Object.entries(constraints);
}
