import { PlatformScope } from '@payments/http';
import { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';

/**
 * `row` when it belongs to `scope`, else undefined, as for a row not found. Reads by id select by primary key alone and check the
 * scope on the row here: given `id = … AND platform_id = …`, Postgres without table statistics
 * (autovacuum is off on some servers) may answer from the scope index and read every row the
 * platform has (docs/operations.md, "Cost as the data grows").
 */
export function inScope<Row extends PlatformScope>(
  row: Row | null | undefined,
  scope: PlatformScope,
): Row | undefined {
  return row && row.platformId === scope.platformId && row.environment === scope.environment
    ? row
    : undefined;
}

/**
 * The row of `entity` with primary key `id` when it belongs to `scope`, locked when asked. The lock
 * is taken only once the row is known to be the caller's: a request naming another platform's id
 * never holds that platform's row, even for an instant.
 */
export async function findInScope<Row extends PlatformScope & ObjectLiteral & { id: string }>(
  manager: EntityManager,
  entity: EntityTarget<Row>,
  id: string,
  scope: PlatformScope,
  lock?: 'pessimistic_read' | 'pessimistic_write',
): Promise<Row | undefined> {
  const where = { id } as FindOptionsWhere<Row>;
  const found = inScope(await manager.findOne(entity, { where }), scope);
  return found && lock
    ? ((await manager.findOne(entity, { where, lock: { mode: lock } })) ?? undefined)
    : found;
}
