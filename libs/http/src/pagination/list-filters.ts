/** A condition on a query builder's alias with its parameters, as `andWhere` takes them. */
export interface Filter {
  where: string;
  parameters: Record<string, unknown>;
  /** For an equality on one entity property: which, and the value (a counted list's dimension). */
  equals?: { property: string; value: unknown };
  /** For a bound on a timestamp: which. */
  bounds?: 'createdAt' | 'updatedAt';
}

export interface FilterSpec<Query> {
  /** Query parameter → entity property it must equal. */
  equal?: Partial<Record<keyof Query, string>>;
  /** Query parameter → how `createdAt` compares with it (inclusive bounds). */
  createdAt?: Partial<Record<keyof Query, '>=' | '<='>>;
  /** Query parameter → how `updatedAt` compares with it (inclusive bounds). */
  updatedAt?: Partial<Record<keyof Query, '>=' | '<='>>;
}

/** The conditions a list query asks for, beyond the caller's scope; absent parameters add none. */
export function listFilters<Query extends object>(
  alias: string,
  query: Query,
  spec: FilterSpec<Query>,
): Filter[] {
  const filters: Filter[] = [];
  const valueOf = (parameter: string) => (query as Record<string, unknown>)[parameter];
  for (const [parameter, property] of Object.entries(spec.equal ?? {}) as [string, string][]) {
    const value = valueOf(parameter);
    if (value !== undefined)
      filters.push({
        where: `${alias}.${property} = :${parameter}`,
        parameters: { [parameter]: value },
        equals: { property, value },
      });
  }
  for (const property of ['createdAt', 'updatedAt'] as const) {
    for (const [parameter, comparison] of Object.entries(spec[property] ?? {})) {
      const bound = valueOf(parameter);
      if (bound !== undefined) {
        filters.push({
          where: `${alias}.${property} ${comparison} :${parameter}`,
          parameters: { [parameter]: new Date(bound as string) },
          bounds: property,
        });
      }
    }
  }
  return filters;
}

/** Whether the filters bound creation time: such a page reads in creation order (paginate). */
export function boundsCreation(filters: Filter[]): boolean {
  return filters.some((filter) => filter.bounds === 'createdAt');
}
