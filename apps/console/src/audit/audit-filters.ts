import type { operations } from '@console/api/openapi';
import { dayRange } from '@console/format/day-range';

export type AuditQuery = NonNullable<operations['AuditLogController_list']['parameters']['query']>;

export const AUDIT_FILTER_FIELDS = ['resourceId', 'tokenId', 'from', 'to'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTER_FIELDS)[number], string>>;

/** The audit log's query: one resource's or one token's writes, within days in UTC (inclusive). */
export function auditQuery(filters: AuditFilters, cursor?: string): AuditQuery {
  const { start, end } = dayRange(filters.from, filters.to);
  return {
    limit: 20,
    ...(cursor ? { cursor } : {}),
    ...(filters.resourceId?.trim() ? { resourceId: filters.resourceId.trim() } : {}),
    ...(filters.tokenId?.trim() ? { tokenId: filters.tokenId.trim() } : {}),
    ...(start ? { createdAfter: start } : {}),
    ...(end ? { createdBefore: end } : {}),
  };
}
