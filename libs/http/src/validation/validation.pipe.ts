import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiException } from '../errors/api.exception';
import { FieldError } from '../errors/error-codes';

/** Whitelisting, transforming validation that reports every bad field at once as INVALID_INPUT. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => ApiException.invalidInput(flattenErrors(errors)),
  });
}

export function flattenErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message: withoutFieldName(message, error.property) }));
    return [...own, ...flattenErrors(error.children ?? [], field)];
  });
}

function withoutFieldName(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}
