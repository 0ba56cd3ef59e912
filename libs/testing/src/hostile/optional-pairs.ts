type Schema = Record<string, any>;

/** A body with two optional properties set together: one valid, the other of a type it never takes. */
export interface OptionalPairBody {
  body: Record<string, unknown>;
  /** Which property is wrong and how, for the report of a failure. */
  fault: string;
}

/** One value of each JSON type, keyed by the type a schema would have to declare to accept it. */
const VALUE_OF_TYPE: Record<string, unknown> = {
  array: ['x'],
  number: 1,
  object: { x: 'x' },
  null: null,
  boolean: true,
  string: 'x',
};

/**
 * Bodies for every ordered pair of the schema's optional top-level properties, with the required
 * ones valid: the first of the pair valid, the second of each type it does not declare. The
 * document does not say which optional properties switch each other's validation off (a
 * `@ValidateIf` is invisible to it), so every pair is tried. The count is bounded by
 * n·(n−1)·5 for n optional properties: the API's bodies have at most four, about 350 bodies in all.
 */
export function optionalPairBodies(schema: Schema, schemas: Record<string, Schema>): OptionalPairBody[] {
  const object = resolved(schema, schemas);
  const properties: Record<string, Schema> = object.properties ?? {};
  const required: string[] = object.required ?? [];
  const base = Object.fromEntries(
    required.map((name) => [name, validValueOf(properties[name] ?? {}, schemas)]),
  );
  const optional = Object.keys(properties).filter((name) => !required.includes(name));
  return optional.flatMap((valid) =>
    optional
      .filter((wrong) => wrong !== valid)
      .flatMap((wrong) =>
        wrongTypesOf(properties[wrong], schemas).map((type) => ({
          body: { ...base, [valid]: validValueOf(properties[valid], schemas), [wrong]: VALUE_OF_TYPE[type] },
          fault: `${wrong} = ${JSON.stringify(VALUE_OF_TYPE[type])} beside a valid ${valid}`,
        })),
      ),
  );
}

function resolved(schema: Schema, schemas: Record<string, Schema>): Schema {
  return schema.$ref ? resolved(schemas[String(schema.$ref).split('/').pop()!], schemas) : schema;
}

/** The JSON types the property cannot hold; none when the document does not say what it holds. */
function wrongTypesOf(schema: Schema, schemas: Record<string, Schema>): string[] {
  const declared = declaredTypes(schema, schemas);
  if (declared.length === 0) return [];
  const accepted = declared.flatMap((type) => (type === 'integer' ? ['number'] : [type]));
  return Object.keys(VALUE_OF_TYPE).filter((type) => !accepted.includes(type));
}

function declaredTypes(schema: Schema, schemas: Record<string, Schema>): string[] {
  const actual = resolved(schema, schemas);
  const variants: Schema[] | undefined = actual.oneOf ?? actual.anyOf ?? actual.allOf;
  if (variants) return variants.flatMap((variant) => declaredTypes(variant, schemas));
  const nullable = actual.nullable ? ['null'] : [];
  if (actual.type) return [...[actual.type].flat(), ...nullable];
  if (actual.enum) return [...new Set((actual.enum as unknown[]).map((each) => typeof each)), ...nullable];
  if (actual.properties) return ['object', ...nullable];
  return [];
}

/** A value the schema accepts, as plain as can be, so that only the wrong property is at fault. */
function validValueOf(schema: Schema, schemas: Record<string, Schema>): unknown {
  const actual = resolved(schema, schemas);
  const variants: Schema[] | undefined = actual.oneOf ?? actual.anyOf ?? actual.allOf;
  if (variants) return validValueOf(variants[0], schemas);
  if (actual.example !== undefined) return actual.example;
  if (actual.enum) return actual.enum[0];
  switch (actual.type) {
    case 'integer':
    case 'number':
      return Math.max(actual.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        (actual.required ?? []).map((name: string) => [
          name,
          validValueOf(actual.properties?.[name] ?? {}, schemas),
        ]),
      );
    default:
      return actual.format === 'date-time'
        ? new Date(0).toISOString()
        : 'x'.repeat(Math.max(actual.minLength ?? 1, 1));
  }
}
