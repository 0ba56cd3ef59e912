import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { isISO8601, IsOptional, ValidateBy } from 'class-validator';

/** ISO 8601 that JavaScript can also read: some ISO forms (week dates) parse to no time at all. */
export function IsTimestamp(): PropertyDecorator {
  return ValidateBy({
    name: 'isTimestamp',
    validator: {
      validate: (value) =>
        typeof value === 'string' && isISO8601(value, { strict: true }) && Number.isFinite(Date.parse(value)),
      defaultMessage: () => 'must be an ISO 8601 timestamp such as 2025-10-13T09:30:00Z',
    },
  });
}

/** An optional, inclusive bound on a timestamp in a list query. */
export function TimestampFilter(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ format: 'date-time', description: 'Inclusive' }),
    IsOptional(),
    IsTimestamp(),
  );
}
