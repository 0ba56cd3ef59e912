import { PlatformScope } from '@payments/http';

/**
 * `row` when it belongs to `scope`, else null. Reads by id select by primary key alone and check the
 * scope on the row here: given `id = … AND platform_id = …`, Postgres without table statistics
 * (autovacuum is off on some servers) may answer from the scope index and read every row the
 * platform has (docs/operations.md, "Cost as the data grows").
 */
export function inScope<Row extends PlatformScope>(
  row: Row | null | undefined,
  scope: PlatformScope,
): Row | null {
  return row && row.platformId === scope.platformId && row.environment === scope.environment ? row : null;
}
