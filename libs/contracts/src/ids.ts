/** Resource prefixes of the API (docs/api.md#identifiers-amounts-and-times), and Platform, used internally. */
export type ResourceType =
  | 'Quote'
  | 'Transaction'
  | 'Customer'
  | 'InternalAccount'
  | 'SystemAccount'
  | 'ExternalAccount'
  | 'FeeRule'
  | 'Job'
  | 'Lookup'
  | 'Webhook'
  | 'PlatformConfig'
  | 'Platform'
  | 'Token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` is `<type>:<uuid>`; used to answer 404 without a database round trip. */
export function isIdOf(type: ResourceType, id: string): boolean {
  const prefix = `${type}:`;
  return id.startsWith(prefix) && UUID.test(id.slice(prefix.length));
}

/** Tables store bare uuids; everything outside them (API, events, other apps) uses `<Type>:<uuid>`. */
export function toApiId(type: ResourceType, uuid: string): string {
  return `${type}:${uuid}`;
}

/**
 * The uuid inside an API id of `type`, in lower case as Postgres returns it (so it can key a map of
 * rows), or undefined when `id` is not one.
 */
export function uuidOf(type: ResourceType, id: string): string | undefined {
  return isIdOf(type, id) ? id.slice(type.length + 1).toLowerCase() : undefined;
}
