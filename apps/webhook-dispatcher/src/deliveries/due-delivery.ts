import { Environment } from '@payments/contracts';
import { WebhookType } from '@webhooks/deliveries/webhook-envelope';

/** A delivery leased to this replica to send now, with the endpoint it goes to (null: none is set). */
export interface DueDelivery {
  id: string;
  platformId: string;
  environment: Environment;
  /** A pending incoming payment's webhook: sent once, its answer reported (approvals/). */
  approvalRequest: boolean;
  /** Sent again on request (delivery-log/): one attempt, in the redelivery lane's slots. */
  redelivery: boolean;
  /** The token of this replica's lease. */
  lease: string;
  type: WebhookType;
  body: string;
  attemptCount: number;
  createdAt: Date;
  url: string | null;
  /** The W3C trace context of the event it was enqueued for, if that was traced. */
  traceparent: string | null;
}

export interface DueRow {
  id: string;
  platform_id: string;
  environment: Environment;
  approval_request: boolean;
  redelivery: boolean;
  lease_token: string;
  type: WebhookType;
  body: string;
  attempt_count: number;
  created_at: Date;
  url: string | null;
  traceparent: string | null;
}

/** The columns of DueDelivery, from a row set `source` of deliveries joined to the endpoints as `e`. */
export const DUE_COLUMNS = (source: string) =>
  `${source}.id, ${source}.lease_token, ${source}.type, ${source}.body, ${source}.attempt_count, ${source}.created_at, e.url,
   ${source}.platform_id, ${source}.environment, ${source}.approval_request, ${source}.redelivery, ${source}.traceparent`;

export function toDue(row: DueRow): DueDelivery {
  return {
    id: row.id,
    platformId: row.platform_id,
    environment: row.environment,
    approvalRequest: row.approval_request,
    redelivery: row.redelivery,
    lease: row.lease_token,
    type: row.type,
    body: row.body,
    attemptCount: row.attempt_count,
    createdAt: row.created_at,
    url: row.url,
    traceparent: row.traceparent,
  };
}
