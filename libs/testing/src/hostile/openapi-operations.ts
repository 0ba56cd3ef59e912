import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OptionalPairBody, optionalPairBodies } from './optional-pairs';

const OPENAPI_DOCUMENT = join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json');

type Schema = Record<string, any>;

/** One operation of the public API as docs/openapi.json describes it, below the version prefix. */
export interface Operation {
  method: string;
  /** The path template, `{name}` for each path parameter. */
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  /** Plausible bodies, for operations that take JSON. */
  body?: fc.Arbitrary<unknown>;
  /** Bodies pairing a valid optional property with a wrongly-typed one, for operations that take JSON. */
  optionalPairBodies: OptionalPairBody[];
}

/** Every operation of the committed document, with a body arbitrary drawn from its schema. */
export function openApiOperations(): Operation[] {
  const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT, 'utf8'));
  const schemas: Record<string, Schema> = document.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [fullPath, methods] of Object.entries<Record<string, Schema>>(document.paths)) {
    const path = fullPath.replace(/^\/\d{4}-\d{2}-\d{2}/, '');
    for (const [method, operation] of Object.entries(methods)) {
      const parameters: Schema[] = operation.parameters ?? [];
      const named = (where: string) =>
        parameters.filter((each) => each.in === where).map((each) => each.name as string);
      const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParameters: named('path'),
        queryParameters: named('query'),
        ...(jsonBody ? { body: arbitraryOf(jsonBody, schemas, 0) } : {}),
        optionalPairBodies: jsonBody ? optionalPairBodies(jsonBody, schemas) : [],
      });
    }
  }
  return operations;
}

/** Values shaped like `schema`, mostly valid, kept shallow; the hostile part is added afterwards. */
function arbitraryOf(schema: Schema, schemas: Record<string, Schema>, depth: number): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryOf(schemas[String(schema.$ref).split('/').pop()!], schemas, depth);
  const variants: Schema[] | undefined = schema.oneOf ?? schema.anyOf;
  if (variants) return fc.oneof(...variants.map((variant) => arbitraryOf(variant, schemas, depth)));
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1e9, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: 0, max: 1, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(arbitraryOf(schema.items ?? {}, schemas, depth + 1), { maxLength: 2 });
    case 'object':
      return objectOf(schema, schemas, depth);
    default:
      return fc.string({ maxLength: 12 });
  }
}

function objectOf(schema: Schema, schemas: Record<string, Schema>, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  if (depth > 4 || Object.keys(properties).length === 0)
    return fc.dictionary(fc.string({ maxLength: 6 }), fc.string(), { maxKeys: 2 });
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property, schemas, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name: string) => name in model) });
}
