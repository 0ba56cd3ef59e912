import { ApiException } from '@payments/http';
import { ListUmaProvidersQuery } from '@quoting/uma-providers/dto/list-uma-providers.query';
import { builtInUmaProviders, UmaProvider } from '@quoting/uma-providers/uma-provider-table';
import { listUmaProviders } from '@quoting/uma-providers/uma-providers';

const provider = (name: string, regions: string[], currencies: string[], allowed = true): UmaProvider => ({
  name,
  domain: `${name}.example`,
  supportedRegions: regions,
  supportedCurrencies: currencies,
  logoUrl: null,
  lei: null,
  allowListStatus: allowed,
});

const TABLE = [
  provider('a', ['US'], ['USD']),
  provider('b', ['MX'], ['MXN', 'USD']),
  provider('c', ['MX', 'US'], ['MXN'], false),
  provider('d', ['GB'], ['GBP']),
];

const names = (query: ListUmaProvidersQuery) => listUmaProviders(TABLE, query).data.map((each) => each.name);

describe('listUmaProviders', () => {
  it('lists newest first by default, oldest first with sortOrder asc', () => {
    expect(names({})).toEqual(['d', 'c', 'b', 'a']);
    expect(names({ sortOrder: 'asc' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters by country, currency and the allow list', () => {
    expect(names({ countryCode: 'MX' })).toEqual(['c', 'b']);
    expect(names({ currencyCode: 'USD' })).toEqual(['b', 'a']);
    expect(names({ countryCode: 'MX', hasBlockedProviders: false })).toEqual(['b']);
    expect(listUmaProviders(TABLE, { currencyCode: 'INR' })).toEqual({
      data: [],
      hasMore: false,
      totalCount: 0,
    });
  });

  it('pages with an opaque cursor, in either order, totalCount counting every match', () => {
    for (const sortOrder of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = listUmaProviders(TABLE, { sortOrder, limit: 3, cursor });
        expect(page.totalCount).toBe(4);
        seen.push(...page.data.map((each) => each.name));
        cursor = page.nextCursor;
        expect(page.hasMore).toBe(cursor !== undefined);
      } while (cursor);
      expect(seen).toEqual(sortOrder === 'asc' ? ['a', 'b', 'c', 'd'] : ['d', 'c', 'b', 'a']);
    }
  });

  it('refuses a cursor it did not issue', () => {
    expect(() => listUmaProviders(TABLE, { cursor: 'nonsense' })).toThrow(ApiException);
  });

  it('holds the sandbox provider at the configured domain', () => {
    const [sandbox] = builtInUmaProviders('sandbox.test');
    expect(sandbox).toMatchObject({ domain: 'sandbox.test', allowListStatus: true });
    expect(sandbox.supportedCurrencies).toContain('MXN');
  });
});
