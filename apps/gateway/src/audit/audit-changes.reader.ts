import { Injectable } from '@nestjs/common';
import { ApiException } from '@payments/http';
import { AuditEntry } from '@gateway/audit/audit-entry.entity';
import { AuditChangeView } from '@gateway/audit/audit-entry.view';
import { Principal } from '@gateway/auth/principal';
import { Upstream } from '@gateway/routing/route-table';
import { UpstreamClient } from '@gateway/routing/upstream-client';

/** The writes whose before and after their owning app records with the change. */
const CHANGE_OWNERS: { prefix: string; upstream: Upstream }[] = [
  { prefix: '/config', upstream: 'customers' },
  { prefix: '/fee-rules', upstream: 'quoting' },
];

/** As the owning apps answer GET /internal/audit-changes. */
interface RecordedChange extends AuditChangeView {
  requestId: string;
  resourceId: string;
}

const keyOf = (requestId: string, resourceId: string | null) => `${requestId}\n${resourceId}`;

/**
 * Joins the before and after of configuration and fee-rule changes onto a page of audit entries: one
 * internal call per owning app, and only when the page holds its writes. Keyed by request id and
 * resource, as a client may send the same x-request-id twice.
 */
@Injectable()
export class AuditChangesReader {
  constructor(private readonly upstreams: UpstreamClient) {}

  async changesOf(
    principal: Principal,
    requestId: string,
    entries: AuditEntry[],
  ): Promise<Map<string, AuditChangeView>> {
    const changes = new Map<string, AuditChangeView>();
    const calls = CHANGE_OWNERS.map(async ({ prefix, upstream }) => {
      const requestIds = [
        ...new Set(entries.filter((entry) => isChangeOf(entry, prefix)).map((entry) => entry.requestId)),
      ];
      if (requestIds.length === 0) return;
      const response = await this.upstreams.call(upstream, {
        method: 'GET',
        pathAndQuery: `/internal/audit-changes?requestIds=${encodeURIComponent(requestIds.join(','))}`,
        principal,
        requestId,
      });
      if (response.status !== 200) {
        throw ApiException.retryLater('SERVICE_UNAVAILABLE', 'The changes of this page could not be read');
      }
      for (const change of (JSON.parse(response.body) as { data: RecordedChange[] }).data) {
        changes.set(keyOf(change.requestId, change.resourceId), {
          before: change.before,
          after: change.after,
        });
      }
    });
    await Promise.all(calls);
    return changes;
  }

  /** The change recorded for `entry`, if its app recorded one. */
  static changeOf(changes: Map<string, AuditChangeView>, entry: AuditEntry): AuditChangeView | undefined {
    return changes.get(keyOf(entry.requestId, entry.resourceId));
  }
}

function isChangeOf(entry: AuditEntry, prefix: string): boolean {
  const succeeded = entry.outcomeStatus !== null && entry.outcomeStatus >= 200 && entry.outcomeStatus < 300;
  return (
    succeeded &&
    (entry.route === prefix || entry.route.startsWith(`${prefix}/`) || entry.route.startsWith(`${prefix}?`))
  );
}
