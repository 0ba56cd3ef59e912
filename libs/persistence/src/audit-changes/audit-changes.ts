import { PlatformScope } from '@payments/http';
import { EntityManager } from 'typeorm';

/** A configuration or fee rule before and after one write, as its owning app recorded it. */
export interface AuditChange {
  /** The x-request-id of the write: the gateway's audit entry of it carries the same. */
  requestId: string;
  resourceId: string;
  /** null for a create; secrets already masked by the owning app. */
  before: Record<string, unknown> | null;
  /** null for a delete. */
  after: Record<string, unknown> | null;
}

/**
 * Records a change in the transaction `manager` runs, the change's own: both commit or neither does
 * (docs/api.md#audit-log). Without a request id (a write not made through the gateway) there is no
 * audit entry to join it to, and nothing is recorded.
 */
export async function recordAuditChange(
  manager: EntityManager,
  scope: PlatformScope,
  requestId: string | undefined,
  change: Omit<AuditChange, 'requestId'>,
): Promise<void> {
  if (!requestId) return;
  await manager.query(
    `INSERT INTO audit_changes (platform_id, environment, request_id, resource_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      scope.platformId,
      scope.environment,
      requestId,
      change.resourceId,
      change.before === null ? null : JSON.stringify(change.before),
      change.after === null ? null : JSON.stringify(change.after),
    ],
  );
}

/** The changes of `scope` made by the requests named, in the order they were recorded. */
export async function readAuditChanges(
  manager: EntityManager,
  scope: PlatformScope,
  requestIds: string[],
): Promise<AuditChange[]> {
  const rows: {
    request_id: string;
    resource_id: string;
    before: AuditChange['before'];
    after: AuditChange['after'];
  }[] = await manager.query(
    `SELECT request_id, resource_id, before, after FROM audit_changes
       WHERE platform_id = $1 AND environment = $2 AND request_id = ANY($3::text[])
       ORDER BY id`,
    [scope.platformId, scope.environment, requestIds],
  );
  return rows.map((row) => ({
    requestId: row.request_id,
    resourceId: row.resource_id,
    before: row.before,
    after: row.after,
  }));
}
