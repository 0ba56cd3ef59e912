import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useCursorPages } from './cursor-pages';

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

/**
 * A filtered, paged list's state: the filters from the address, the form that edits them (kept in
 * step when the address changes, by the back button or a link), and the cursor pages, which start
 * again whenever the filters are applied.
 */
export function useSearchFilters<Field extends string>(fields: readonly Field[]) {
  const [search, setSearch] = useSearchParams();
  const filters = searchFields(search, fields);
  const pages = useCursorPages();
  const form = useForm<Partial<Record<Field, string>>>({ defaultValues: filters as never });
  useEffect(() => form.reset(filters as never), [search.toString()]);
  const apply = form.handleSubmit((values) => {
    pages.reset();
    setSearch(searchOf(values as Partial<Record<Field, string>>, fields));
  });
  return { filters, pages, form, apply };
}
