import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { Operation } from './openapi-operations';

/** A request of the public API with one thing in it that the edge must refuse. */
export interface HostileRequest {
  method: string;
  /** Below the version prefix, query included, percent-encoded as sent. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What is hostile in it, for the report of a failure. */
  fault: string;
  /** The status the refusal must have, where only one is right. */
  status?: number;
  /** A field given a value of another JSON type: its messages must name no limit (misjudgement). */
  mistypedField?: string;
}

/** A string no generated body holds, and its JSON text, which the hostile raw JSON then replaces. */
const PLACEHOLDER = '\u0001hostile\u0001';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

/** JSON texts of values no field may hold, each as raw JSON. */
const hostileJsonValue: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
    .map(([a, b]) => JSON.stringify(`${a}\u0000${b}`)),
  fc.constantFrom('"x\\ud800"', '"\\udc00abc"', '"a\\ud800\\ud800b"'),
  fc.constantFrom('1e309', '-1e309', '9007199254740993', '123456789012345678901234567890'),
  fc.integer({ min: 17, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 17, max: 2_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

const hostileKey = fc.constantFrom('"\\u0000"', '"key\\u0000"', '"\\ud800"', '"k\\udfff"');

/** Bodies that are not the object every operation of the API takes. */
const nonObjectBody = fc.constantFrom('null', '1e309', '[]', '[{}]', '"text"', '123', 'true');

/** Path segments and query values, percent-encoded, that cannot decode to storable text or are too long. */
const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%00', 'abc%00def', '%ED%A0%80', '%ED%BF%BF', '%E0%A4%A', '%C0%80', '%FF', '%'),
  fc.integer({ min: 4_100, max: 12_000 }).map((length) => 'a'.repeat(length)),
);

const overlongSegment = fc.integer({ min: 257, max: 3_000 }).map((length) => 'a'.repeat(length));

/** Authorization headers that cannot hold a client id and secret of ours. */
const hostileAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom(
      [0x61, 0x00, 0x3a, 0x62],
      [0x61, 0x3a, 0xed, 0xa0, 0x80],
      [0x61, 0x62],
      [0x3a],
      [0xff, 0x3a, 0xfe],
    )
    .map((bytes) => `Basic ${Buffer.from(bytes).toString('base64')}`),
  fc.constantFrom('Basic !!!', 'Basic', 'Bearer abc', 'basic ====', `Basic ${'QUFB'.repeat(2_500)}`),
  fc
    .string({ maxLength: 40 })
    .map((text) => `Basic ${Buffer.from(`${text}\u0000:${text}`).toString('base64')}`),
);

/**
 * Requests to every operation of `operations`, each with one hostile part: in the body (a value,
 * a key or its whole shape), a path segment, a query value, the credentials or the content type.
 */
export function hostileRequests(
  operations: Operation[],
  authorization: string,
): fc.Arbitrary<HostileRequest> {
  return fc.constantFrom(...operations).chain((operation) => {
    const base = fc.record({
      ids: fc.array(fc.uuid(), {
        minLength: operation.pathParameters.length,
        maxLength: operation.pathParameters.length,
      }),
      body: operation.body ?? fc.constant(undefined),
    });
    return base.chain(({ ids, body }) => {
      const plain: HostileRequest = {
        method: operation.method,
        path: operation.pathParameters.reduce(
          (path, name, index) => path.replace(`{${name}}`, ids[index]),
          operation.path,
        ),
        headers: { authorization, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        fault: '',
      };
      const faults = [
        urlFaults(operation, plain),
        hostileAuthorization.map((header) => ({
          ...plain,
          headers: { ...plain.headers, authorization: header },
          fault: 'credentials',
        })),
      ];
      // A GET's body is never read, so it is no harm there.
      if (operation.method !== 'GET')
        faults.push(nonObjectBody.map((text) => ({ ...plain, body: text, fault: `body ${text}` })));
      if (body !== undefined) faults.push(bodyFaults(plain, body), contentTypeFault(plain));
      const mistyped = mistypedFaults(plain, body);
      if (mistyped) faults.push(mistyped);
      return fc
        .oneof(...faults)
        .map((request) => ({ ...request, fault: `${operation.method} ${operation.path}: ${request.fault}` }));
    });
  });
}

/**
 * For each operation, every body of its `optionalPairBodies`: the pairs the sampled requests would
 * rarely draw, where one optional property could switch the other's validation off.
 */
export function optionalPairRequests(operations: Operation[], authorization: string): HostileRequest[] {
  return operations.flatMap((operation) => {
    const path = operation.pathParameters.reduce(
      (template, name) => template.replace(`{${name}}`, randomUUID()),
      operation.path,
    );
    return operation.optionalPairBodies.map(({ body, fault }) => ({
      method: operation.method,
      path,
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      fault: `${operation.method} ${operation.path}: ${fault}`,
    }));
  });
}

function urlFaults(operation: Operation, plain: HostileRequest): fc.Arbitrary<HostileRequest> {
  const names = operation.queryParameters.length > 0 ? operation.queryParameters : ['q'];
  const inQuery = fc.tuple(fc.constantFrom(...names), hostileUrlPart).map(([name, value]) => ({
    ...plain,
    path: `${plain.path}?${name}=${value}`,
    fault: `query ${name}=${value.slice(0, 20)}`,
  }));
  const segments = plain.path.split('/');
  const inPath = fc
    .tuple(fc.integer({ min: 1, max: segments.length }), fc.oneof(hostileUrlPart, overlongSegment))
    .map(([index, segment]) => {
      const path = [...segments.slice(0, index), segment, ...segments.slice(index + 1)].join('/');
      return { ...plain, path, fault: `path segment ${index} ${segment.slice(0, 20)}` };
    });
  return fc.oneof(inQuery, inPath);
}

function bodyFaults(plain: HostileRequest, body: unknown): fc.Arbitrary<HostileRequest> {
  const object = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const places = placesIn(object);
  const asValue = fc.tuple(fc.nat(), hostileJsonValue).map(([choice, value]) => {
    const place = places[choice % places.length];
    const copy = structuredClone(object);
    place.reduce<any>(
      (parent, key, index) => (index === place.length - 1 ? (parent[key] = PLACEHOLDER) : parent[key]),
      copy,
    );
    return {
      ...plain,
      body: JSON.stringify(copy).replace(PLACEHOLDER_JSON, () => value),
      fault: `${place.join('.')} = ${value.slice(0, 30)}`,
    };
  });
  const asKey = hostileKey.map((key) => ({
    ...plain,
    body: JSON.stringify({ ...object, [PLACEHOLDER]: 1 }).replace(PLACEHOLDER_JSON, () => key),
    fault: `key ${key}`,
  }));
  return fc.oneof(asValue, asKey);
}

function contentTypeFault(plain: HostileRequest): fc.Arbitrary<HostileRequest> {
  return fc
    .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded')
    .map((type) => ({
      ...plain,
      headers: { ...plain.headers, 'content-type': type },
      fault: `content type ${type}`,
      status: 415,
    }));
}

/**
 * The body with one of its numbers, strings or booleans given as a value of another JSON type ("100"
 * for 100): a type error, whose answer must not judge the value by a range or length it never had.
 */
function mistypedFaults(plain: HostileRequest, body: unknown): fc.Arbitrary<HostileRequest> | undefined {
  const object = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const leaves = placesIn(object).flatMap((place) => {
    const value = place.reduce<any>((parent, key) => parent?.[key], object);
    const other =
      typeof value === 'string' ? value.length : typeof value === 'object' ? undefined : String(value);
    return other === undefined || value === undefined ? [] : [{ place, other }];
  });
  if (leaves.length === 0) return undefined;
  return fc.constantFrom(...leaves).map(({ place, other }) => {
    const copy = structuredClone(object);
    place.reduce<any>(
      (parent, key, index) => (index === place.length - 1 ? (parent[key] = other) : parent[key]),
      copy,
    );
    const field = place.join('.');
    return {
      ...plain,
      body: JSON.stringify(copy),
      fault: `${field} = ${JSON.stringify(other)}`,
      mistypedField: field,
    };
  });
}

/** Every key path of the object's values, and one new key at the top. */
function placesIn(value: unknown, path: string[] = []): string[][] {
  const own = path.length > 0 ? [path] : [['injected']];
  if (typeof value !== 'object' || value === null) return own;
  return [...own, ...Object.entries(value).flatMap(([key, child]) => placesIn(child, [...path, key]))];
}
