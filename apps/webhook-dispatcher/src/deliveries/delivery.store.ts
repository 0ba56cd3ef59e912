import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApprovalAnswerEvent, EventScope, storableText } from '@payments/contracts';
import { columnsOf } from '@payments/persistence';
import { Lease } from '@payments/runtime';
import { DataSource, EntityManager } from 'typeorm';
import { AttemptResult, Decision } from '@webhooks/deliveries/delivery-policy';
import { DUE_COLUMNS, DueDelivery, DueRow, toDue } from '@webhooks/deliveries/due-delivery';
import { NewDelivery } from '@webhooks/deliveries/webhook-envelope';

/** The data source, or the manager of a transaction the caller runs. */
export type Queryable = Pick<EntityManager, 'query'>;

export interface Enqueued {
  /** False when a delivery with this id existed already (a redelivered event). */
  inserted: boolean;
  /** An earlier delivery of its aggregate is still PENDING: it goes once that one is settled. */
  behind: boolean;
  /** Leased to the caller, who sends it now. */
  claimed?: DueDelivery;
}

/** What to write back for a delivery: its new state and, when an HTTP attempt was made, that attempt. */
export interface DeliveryUpdate {
  id: string;
  /** The token of the lease it was sent under: written only while that lease is the delivery's. */
  lease: string;
  decision: Decision;
  attemptCount: number;
  attempt?: AttemptResult;
  /** For an approval request: the platform's answer, written to the outbox with this outcome. */
  answer?: ApprovalAnswerEvent;
}

/** Lease expiry `$n` milliseconds from now, for SQL. */
export const leaseFor = (parameter: string) =>
  `now() + make_interval(secs => ${parameter}::double precision / 1000)`;

/** An earlier PENDING delivery of the aggregate of `alias`: while there is one, `alias` waits. */
export const EARLIER_PENDING = (alias: string) =>
  `SELECT 1 FROM deliveries earlier
   WHERE earlier.aggregate_id = ${alias}.aggregate_id AND earlier.status = 'PENDING' AND earlier.parked_at IS NULL
     AND earlier.sequence < ${alias}.sequence`;

/** Of an enqueued delivery: the caller claims it, may send it now, and is the first of its aggregate. */
const CLAIMED = `$7 > 0 AND due_after IS NULL AND place_in_batch = 1`;

/**
 * The delivery queue in the deliveries table. A delivery may go when it is PENDING, due, not leased
 * by a replica and the earliest PENDING delivery of its aggregate: that is what keeps an aggregate's
 * webhooks in order. Every method is one statement for a whole batch, and the usual path needs no
 * separate "take" query: enqueueing claims what may go at once, and writing an outcome back hands
 * over the next delivery of that aggregate. A lease is short, kept alive by its holder's heartbeat
 * (DeliveryLeases), and each claim writes a token of its own that the renewal and the outcome must
 * find. A parked delivery (see DeliveryWorker) has left the queue: it is not claimed and holds no
 * later delivery of its aggregate back.
 */
@Injectable()
export class DeliveryStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds PENDING deliveries, skipping ids that exist. Behind an earlier delivery of its aggregate that
   * waits for a retry, a delivery is due no sooner than that one, so the due range never fills with
   * deliveries that could not go anyway. With `claimForMs`, those that may go at once are leased to
   * the caller for that long. A delivery repeated within the batch (an event delivered twice) counts
   * once, where it first comes.
   */
  async enqueue(
    deliveries: NewDelivery[],
    { db = this.dataSource as Queryable, claimForMs = 0 } = {},
  ): Promise<Enqueued[]> {
    const distinct = [...new Map(deliveries.map((delivery) => [delivery.id, delivery])).values()];
    const rows: {
      id: string;
      created_at: Date;
      url: string | null;
      lease_token: string | null;
      behind: boolean;
    }[] = await db.query(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $8::boolean[], $9::text[]) WITH ORDINALITY
           AS i (id, platform_id, environment, aggregate_id, type, body, approval_request, traceparent, position)),
       placed AS (
         SELECT i.*, ahead.due_after,
           row_number() OVER (PARTITION BY i.aggregate_id ORDER BY i.position) AS place_in_batch
         FROM input i
         CROSS JOIN LATERAL (
           SELECT max(next_attempt_at) AS due_after FROM deliveries d
           WHERE d.aggregate_id = i.aggregate_id AND d.status = 'PENDING' AND d.parked_at IS NULL) ahead),
       inserted AS (
         INSERT INTO deliveries (id, platform_id, environment, aggregate_id, type, body, approval_request, traceparent, next_attempt_at, locked_until, lease_token)
         SELECT id, platform_id, environment, aggregate_id, type, body, approval_request, traceparent, greatest(now(), due_after),
           CASE WHEN ${CLAIMED} THEN ${leaseFor('$7')} ELSE '-infinity' END, CASE WHEN ${CLAIMED} THEN gen_random_uuid() END
         FROM placed ORDER BY position
         ON CONFLICT (id) DO NOTHING
         RETURNING id, platform_id, environment, created_at, lease_token)
       SELECT inserted.id, inserted.created_at, e.url, inserted.lease_token,
         placed.due_after IS NOT NULL OR placed.place_in_batch > 1 AS behind
       FROM inserted JOIN placed USING (id)
       LEFT JOIN webhook_endpoints e ON e.platform_id = inserted.platform_id AND e.environment = inserted.environment`,
      [
        ...columnsOf(distinct, ['id', 'platformId', 'environment', 'aggregateId', 'type', 'body']),
        claimForMs,
        distinct.map((delivery) => delivery.approvalRequest ?? false),
        distinct.map((delivery) => delivery.traceparent ?? null),
      ],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return deliveries.map(
      ({ id, type, body, platformId, environment, approvalRequest = false, traceparent }) => {
        const row = byId.get(id);
        // Taken out, so that a repeat finds nothing.
        byId.delete(id);
        if (!row) return { inserted: false, behind: false };
        if (row.lease_token === null) return { inserted: true, behind: row.behind };
        const claimed = {
          id,
          platformId,
          environment,
          approvalRequest,
          redelivery: false,
          lease: row.lease_token,
          type,
          body,
          attemptCount: 0,
          createdAt: row.created_at,
          url: row.url,
          traceparent: traceparent ?? null,
        };
        return { inserted: true, behind: row.behind, claimed };
      },
    );
  }

  /**
   * Leases up to `limit` deliveries that may go; SKIP LOCKED lets replicas take disjoint batches.
   * Redelivered ones are left to their lane (RedeliveryStore.takeTurns).
   */
  async takeDue(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    const rows: DueRow[] = await this.dataSource.query(
      `WITH due AS (
         SELECT id FROM deliveries d
         WHERE status = 'PENDING' AND parked_at IS NULL AND NOT redelivery
           AND next_attempt_at <= now() AND locked_until <= now()
           AND NOT EXISTS (${EARLIER_PENDING('d')})
         ORDER BY next_attempt_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED),
       taken AS (
         UPDATE deliveries d SET locked_until = ${leaseFor('$2')}, lease_token = gen_random_uuid()
         FROM due WHERE d.id = due.id
         RETURNING d.*)
       SELECT ${DUE_COLUMNS('taken')}
       FROM taken LEFT JOIN webhook_endpoints e ON e.platform_id = taken.platform_id AND e.environment = taken.environment`,
      [limit, leaseMs],
    );
    return rows.map(toDue);
  }

  /**
   * Writes back a batch of outcomes with their attempts and releases their leases; an outcome whose
   * lease has passed to another holder is left out, attempt included. A delivery that
   * will be retried holds back the later PENDING deliveries of its aggregate until then (see
   * enqueue); one that is settled hands the next one of its aggregate, if due, to the caller, leased
   * for `handOverForMs` (0: left for whoever takes it). Returns that successor for each update.
   * What an endpoint sent is made storable first: a NUL or lone surrogate in one answer would fail
   * the whole batch.
   */
  async record(
    updates: DeliveryUpdate[],
    handOverForMs: number,
    db: Queryable = this.dataSource,
  ): Promise<(DueDelivery | undefined)[]> {
    const attempted = updates.filter((update) => update.attempt !== undefined);
    const rows: (DueRow & { after_id: string })[] = await db.query(
      `WITH outcome AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[], $5::text[], $15::uuid[])
           AS o (id, status, attempt_count, next_attempt_at, last_error, lease)),
       updated AS (
         UPDATE deliveries d
         SET status = o.status, attempt_count = o.attempt_count, next_attempt_at = o.next_attempt_at,
           last_error = o.last_error, locked_until = '-infinity', lease_token = NULL,
           delivered_at = CASE WHEN o.status = 'DELIVERED' THEN o.next_attempt_at END
         FROM outcome o WHERE d.id = o.id AND d.lease_token = o.lease
         RETURNING d.id, d.aggregate_id, d.sequence, d.status, d.next_attempt_at),
       held_back AS (
         UPDATE deliveries later SET next_attempt_at = u.next_attempt_at
         FROM updated u
         WHERE u.status = 'PENDING' AND later.aggregate_id = u.aggregate_id AND later.status = 'PENDING'
           AND later.parked_at IS NULL AND later.sequence > u.sequence AND later.next_attempt_at < u.next_attempt_at),
       attempts AS (
         INSERT INTO delivery_attempts (delivery_id, attempt, url, started_at, duration_ms, response_status, error, response_body)
         SELECT a.* FROM unnest($6::uuid[], $7::int[], $8::text[], $9::timestamptz[], $10::int[], $11::int[], $12::text[], $13::text[])
           AS a (delivery_id, attempt, url, started_at, duration_ms, response_status, error, response_body)
         WHERE a.delivery_id IN (SELECT id FROM updated)),
       successor AS (
         SELECT DISTINCT ON (u.id) u.id AS after_id, later.id
         FROM updated u
         JOIN deliveries later ON later.aggregate_id = u.aggregate_id AND later.status = 'PENDING'
           AND later.parked_at IS NULL AND later.sequence > u.sequence
         WHERE u.status <> 'PENDING' AND $14 > 0
         ORDER BY u.id, later.sequence),
       handed AS (
         UPDATE deliveries d SET locked_until = ${leaseFor('$14')}, lease_token = gen_random_uuid()
         FROM successor s
         WHERE d.id = s.id AND d.next_attempt_at <= now() AND d.locked_until <= now()
         RETURNING s.after_id, d.*)
       SELECT handed.after_id, ${DUE_COLUMNS('handed')}
       FROM handed LEFT JOIN webhook_endpoints e ON e.platform_id = handed.platform_id AND e.environment = handed.environment`,
      [
        updates.map((update) => update.id),
        updates.map((update) => update.decision.status),
        updates.map((update) => update.attemptCount),
        updates.map((update) => update.decision.nextAttemptAt),
        updates.map((update) => storable(update.decision.lastError)),
        attempted.map((update) => update.id),
        attempted.map((update) => update.attemptCount),
        attempted.map((update) => storableText(update.attempt!.url)),
        attempted.map((update) => update.attempt!.startedAt),
        attempted.map((update) => update.attempt!.durationMs),
        attempted.map((update) => update.attempt!.responseStatus ?? null),
        attempted.map((update) => storable(update.attempt!.error)),
        attempted.map((update) => storable(update.attempt!.responseBody)),
        handOverForMs,
        updates.map((update) => update.lease),
      ],
    );
    const successors = new Map(rows.map((row) => [row.after_id, toDue(row)]));
    return updates.map((update) => successors.get(update.id));
  }

  /** Extends the leases still held under their tokens to `leaseMs` from now; answers the tokens extended. */
  async renewLeases(leases: Lease[], leaseMs: number): Promise<string[]> {
    // Wrapped in a WITH: TypeORM answers a bare UPDATE with [rows, count] rather than the rows.
    const rows: { lease_token: string }[] = await this.dataSource.query(
      `WITH renewed AS (
         UPDATE deliveries d SET locked_until = ${leaseFor('$3')}
         FROM unnest($1::uuid[], $2::uuid[]) AS l (id, token)
         WHERE d.id = l.id AND d.lease_token = l.token
         RETURNING d.lease_token)
       SELECT lease_token FROM renewed`,
      [leases.map((lease) => lease.key), leases.map((lease) => lease.token), leaseMs],
    );
    return rows.map((row) => row.lease_token);
  }

  /** Ends the leases still held under their tokens: their deliveries may be taken at once. */
  async releaseLeases(leases: Lease[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE deliveries d SET locked_until = '-infinity', lease_token = NULL
       FROM unnest($1::uuid[], $2::uuid[]) AS l (id, token)
       WHERE d.id = l.id AND d.lease_token = l.token`,
      [leases.map((lease) => lease.key), leases.map((lease) => lease.token)],
    );
  }

  /**
   * Makes every PENDING delivery of the platform that waits (for an endpoint, or for a retry at an
   * endpoint it has just replaced) due now; deliveries in flight keep their lease.
   */
  async releaseWaiting(db: Queryable, scope: EventScope): Promise<void> {
    await db.query(
      `UPDATE deliveries SET next_attempt_at = now()
       WHERE status = 'PENDING' AND next_attempt_at > now() AND platform_id = $1 AND environment = $2`,
      [scope.platformId, scope.environment],
    );
  }

  async pendingCount(): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM deliveries WHERE status = 'PENDING' AND parked_at IS NULL`,
    );
    return row.count;
  }
}

function storable(text: string | null | undefined): string | null {
  return text == null ? null : storableText(text);
}
