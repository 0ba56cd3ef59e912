import { ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidatorOptions } from 'class-validator';
import { ApiException } from '../errors/api.exception';
import { FieldError } from '../errors/error-codes';

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

export function flattenErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      field,
      message: withoutFieldName(message, error.property),
    }));
    return [...own, ...flattenErrors(error.children ?? [], field)];
  });
}

function withoutFieldName(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}
