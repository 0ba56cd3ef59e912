import { getSchemaPath } from '@nestjs/swagger';

/**
 * A response schema that another app's class describes: an app may answer with what it asked of the
 * owner (a transaction, an account) but never imports the owner's code. scripts/openapi.mjs puts
 * every app's schemas in one document, where the name resolves, and fails on a name none defines.
 */
export function otherAppSchema(className: string): { $ref: string } {
  return { $ref: getSchemaPath(className) };
}
