import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiResponse } from './api-client';

const OPENAPI_DOCUMENT = join(__dirname, '..', '..', '..', 'docs', 'openapi.json');
const API_PREFIX = '/2025-10-13';
const SCHEMAS = '#/components/schemas/';
const JSON_MEDIA_TYPE = 'application/json';

type Schema = Record<string, any>;

/**
 * Checks answers against docs/openapi.json, the document the console's client is typed from. Stricter
 * than the document: an object may hold only the properties its schema names, so an undocumented
 * field fails as a missing or mistyped one does. OpenAPI 3.0's `nullable` becomes JSON Schema's null.
 */
export class DocumentedResponses {
  private readonly document = JSON.parse(readFileSync(OPENAPI_DOCUMENT, 'utf8'));
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    const schemas = this.document.components?.schemas ?? {};
    this.ajv.addSchema({ $id: 'openapi', components: { schemas: strictened(schemas) } });
  }

  /**
   * The ways `response` departs from what the document says `method` `path` (a template under the
   * version, such as `/tokens/{tokenId}`) answers with its status; none when it conforms. A text
   * answer (text/csv) is a string by nature: only its media type is checked.
   */
  departures(method: string, path: string, response: ApiResponse): string[] {
    const operation = this.document.paths[`${API_PREFIX}${path}`]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const documented = operation.responses?.[String(response.status)];
    if (!documented) return [`${method} ${path} does not document status ${response.status}`];
    const mediaType = response.headers.get('content-type')?.split(';')[0].trim();
    if (!documented.content)
      return response.body === undefined ? [] : [`a body the document does not describe`];
    const content = mediaType ? documented.content[mediaType] : undefined;
    if (!content) return [`media type ${mediaType} is not documented`];
    if (mediaType !== JSON_MEDIA_TYPE) return [];
    const validate = this.validatorOf(`${method} ${path} ${response.status}`, content.schema);
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
    );
  }

  private validatorOf(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(strictened(inDocument(schema)));
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** A schema whose references name the document's schemas, as the compiled document holds them. */
function inDocument(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replaceAll(`"${SCHEMAS}`, `"openapi${SCHEMAS}`));
}

/** Objects closed to properties they do not name, and `nullable` read as a null alternative. */
function strictened(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(strictened);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === 'example' ? value : strictened(value)]),
  ) as Schema;
  if (rest.properties && rest.additionalProperties === undefined) rest.additionalProperties = false;
  return nullable ? { anyOf: [rest, { type: 'null' }] } : rest;
}
