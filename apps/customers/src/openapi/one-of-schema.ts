import { Type } from '@nestjs/common';
import { getSchemaPath } from '@nestjs/swagger';

/**
 * OpenAPI schema of a value whose class is named by one of its properties: a `$ref` per class and the
 * discriminator mapping from each property value to its class. The classes must be extra models.
 */
export function oneOfSchema(propertyName: string, classes: Record<string, Type<object>>) {
  const mapping = Object.fromEntries(
    Object.entries(classes).map(([value, type]) => [value, getSchemaPath(type)]),
  );
  return {
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName, mapping },
  };
}
