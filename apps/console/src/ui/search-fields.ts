/**
 * A list page keeps its filters in the address, so a filtered view can be shared and the back
 * button returns to it: the named fields that are set, and the search that holds just those.
 */
export function searchFields<Field extends string>(
  search: URLSearchParams,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const set = fields.flatMap((field) => (search.get(field) ? [[field, search.get(field)!] as const] : []));
  return Object.fromEntries(set) as Partial<Record<Field, string>>;
}

export function searchOf<Field extends string>(
  values: Partial<Record<Field, string>>,
  fields: readonly Field[],
): Record<string, string> {
  return Object.fromEntries(fields.flatMap((field) => (values[field] ? [[field, values[field]!]] : [])));
}
