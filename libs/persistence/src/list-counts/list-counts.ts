import { Filter, PlatformScope } from '@payments/http';
import { DataSource } from 'typeorm';
import { CountedList, WHOLE_LIST } from './counted-list';

/**
 * The totalCount of a counted list's page, read from the counts its table's triggers keep: the
 * compacted count plus the deltas not compacted yet, in one snapshot, so exact. A page filtered
 * otherwise than by at most one counted equality (a date range, two filters) gets undefined: its
 * count is then the page's own COUNT(*).
 */
export class ListCounts {
  constructor(
    private readonly dataSource: DataSource,
    private readonly list: CountedList,
  ) {}

  counter(scope: PlatformScope, filters: Filter[]): (() => Promise<number>) | undefined {
    if (filters.length > 1) return undefined;
    const [filter] = filters;
    if (filter && !(filter.equals && filter.equals.property in this.list.dimensions)) return undefined;
    const dimension = filter?.equals?.property ?? WHOLE_LIST;
    const value = filter ? String(filter.equals!.value) : '';
    return () => this.count(scope, dimension, value);
  }

  private async count(scope: PlatformScope, dimension: string, value: string): Promise<number> {
    const key = `list = $1 AND platform_id = $2 AND environment = $3 AND dimension = $4 AND value = $5`;
    const [{ count }] = await this.dataSource.query(
      `SELECT (SELECT coalesce(sum(count), 0) FROM list_counts WHERE ${key})
            + (SELECT coalesce(sum(delta), 0) FROM list_count_deltas WHERE ${key}) AS count`,
      [this.list.table, scope.platformId, scope.environment, dimension, value],
    );
    return Number(count);
  }
}
