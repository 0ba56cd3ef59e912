import { Injectable } from '@nestjs/common';
import { ApiException } from '@payments/http';
import { AuditEntry } from '@gateway/audit/audit-entry.entity';
import { AuditChangeView } from '@gateway/audit/audit-entry.view';
import { Principal } from '@gateway/auth/principal';
import { findRoute, Upstream } from '@gateway/routing/route-table';
import { UpstreamClient } from '@gateway/routing/upstream-client';

/** The writes whose before and after their owning app (as the route table names it) records with the change. */
const CHANGED_RESOURCES = ['/config', '/fee-rules'];

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
    const requestIdsByOwner = new Map<Upstream, Set<string>>();
    for (const entry of entries) {
      const owner = changeOwnerOf(entry);
      if (owner)
        requestIdsByOwner.set(owner, (requestIdsByOwner.get(owner) ?? new Set()).add(entry.requestId));
    }
    const calls = [...requestIdsByOwner].map(async ([upstream, requestIds]) => {
      const response = await this.upstreams.call(upstream, {
        method: 'GET',
        pathAndQuery: `/internal/audit-changes?requestIds=${encodeURIComponent([...requestIds].join(','))}`,
        principal,
        requestId,
      });
      if (response.status !== 200) {
        throw ApiException.retryLater(
          'SERVICE_UNAVAILABLE',
          'The changes of this page could not be read: retry the request',
        );
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

/** The app that recorded the before and after of a successful change, if `entry` is one. */
function changeOwnerOf(entry: AuditEntry): Upstream | undefined {
  const succeeded = entry.outcomeStatus !== null && entry.outcomeStatus >= 200 && entry.outcomeStatus < 300;
  const path = entry.route.split('?')[0];
  const changed = CHANGED_RESOURCES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return succeeded && changed ? findRoute(path)?.upstream : undefined;
}
