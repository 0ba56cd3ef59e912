import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor, Page } from '@payments/http';
import { ListUmaProvidersQuery } from '@quoting/uma-providers/dto/list-uma-providers.query';
import { UmaProvider } from '@quoting/uma-providers/uma-provider-table';

/**
 * One page of a provider table, filtered as the query asks. The table's order is its insertion
 * order (oldest first), so desc lists it backwards; the cursor is the position after which the next
 * page starts, in the same envelope as every other list.
 */
export function listUmaProviders(table: UmaProvider[], query: ListUmaProvidersQuery): Page<UmaProvider> {
  const positioned = table
    .map((provider, index) => ({ provider, position: index + 1 }))
    .filter(({ provider }) => matches(provider, query));
  const ordered = query.sortOrder === 'asc' ? positioned : positioned.reverse();
  const after = query.cursor ? Number(decodeCursor(query.cursor)) : undefined;
  const remaining =
    after === undefined
      ? ordered
      : ordered.filter(({ position }) => (query.sortOrder === 'asc' ? position > after : position < after));
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = remaining.slice(0, limit);
  const hasMore = remaining.length > limit;
  return {
    data: page.map(({ provider }) => provider),
    hasMore,
    ...(hasMore ? { nextCursor: encodeCursor(String(page[page.length - 1].position)) } : {}),
    totalCount: positioned.length,
  };
}

function matches(provider: UmaProvider, query: ListUmaProvidersQuery): boolean {
  return (
    (!query.countryCode || provider.supportedRegions.includes(query.countryCode)) &&
    (!query.currencyCode || provider.supportedCurrencies.includes(query.currencyCode)) &&
    (query.hasBlockedProviders !== false || provider.allowListStatus)
  );
}
