import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventScope } from '@payments/contracts';
import { DataSource } from 'typeorm';
import { EARLIER_PENDING, leaseFor } from '@webhooks/deliveries/delivery.store';
import { DUE_COLUMNS, DueDelivery, DueRow, toDue } from '@webhooks/deliveries/due-delivery';
import { DeliverySelection, selectionWhere } from '@webhooks/delivery-log/delivery-log.store';

/** The redelivery lane, as its partial index states it, on the deliveries aliased `alias`. */
const LANE = (alias: string) =>
  `${alias}.status = 'PENDING' AND ${alias}.parked_at IS NULL AND ${alias}.redelivery`;

/**
 * Puts finished deliveries (DELIVERED or FAILED) back in the queue, PENDING in the redelivery lane:
 * same id and body, signed afresh when sent. Each takes a new `sequence`, given in the order of the
 * originals, so it goes after every webhook already queued for its transaction and keeps its place
 * among those redelivered with it. It is due no sooner than the queued ones of its transaction, so
 * the due range holds nothing that could not go. Approval requests are left out: their answer has
 * decided the payment once (docs/api.md#approvals). A delivery held by no lease (none is, once
 * finished) and still finished when its row is locked is taken; a concurrent redelivery of the same
 * one finds it PENDING and takes nothing.
 */
@Injectable()
export class RedeliveryStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Redelivers up to `limit` finished deliveries of the selection, oldest first; answers their ids. */
  async redeliver(
    scope: EventScope,
    selection: DeliverySelection & { id?: string },
    limit: number,
  ): Promise<string[]> {
    const { where, parameters } = selectionWhere(scope, selection);
    const byId = selection.id ? `AND d.id = $${parameters.length + 2}` : '';
    const rows: { id: string }[] = await this.dataSource.query(
      `WITH chosen AS (
         SELECT id, nextval(pg_get_serial_sequence('deliveries', 'sequence')) AS sequence
         FROM (
           SELECT d.id FROM deliveries d
           WHERE ${where} ${byId} AND d.status <> 'PENDING' AND NOT d.approval_request
           ORDER BY d.sequence
           LIMIT $${parameters.length + 1}
           FOR UPDATE) ordered),
       redelivered AS (
         UPDATE deliveries d
         SET status = 'PENDING', redelivery = true, sequence = chosen.sequence, last_error = NULL,
           delivered_at = NULL, locked_until = '-infinity', lease_token = NULL,
           next_attempt_at = greatest(now(), (
             SELECT max(queued.next_attempt_at) FROM deliveries queued
             WHERE queued.aggregate_id = d.aggregate_id AND queued.status = 'PENDING' AND queued.parked_at IS NULL))
         FROM chosen WHERE d.id = chosen.id
         RETURNING d.id)
       SELECT id FROM redelivered`,
      [...parameters, limit, ...(selection.id ? [selection.id] : [])],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Leases up to `limit` redelivered webhooks that may go, in turns per platform and environment:
   * each platform's first due webhook, then each one's second, and so on; and no platform holds more
   * than `perPlatform` of them in flight across replicas. So one platform's bulk redelivery to a slow
   * endpoint takes at most `perPlatform` slots, and another platform's redelivery goes at its turn.
   * The platforms with something in the lane are found by a skip scan of the lane's index (one
   * probe each), and each one's turns and leases read only the head of its part of that index.
   */
  async takeTurns(limit: number, perPlatform: number, leaseMs: number): Promise<DueDelivery[]> {
    const rows: DueRow[] = await this.dataSource.query(
      `WITH RECURSIVE scopes AS (
         (SELECT platform_id, environment FROM deliveries l WHERE ${LANE('l')}
          ORDER BY platform_id, environment LIMIT 1)
         UNION ALL
         SELECT later.platform_id, later.environment FROM scopes s CROSS JOIN LATERAL (
           SELECT platform_id, environment FROM deliveries l
           WHERE ${LANE('l')} AND (l.platform_id, l.environment) > (s.platform_id, s.environment)
           ORDER BY platform_id, environment LIMIT 1) later),
       shares AS (
         SELECT s.platform_id, s.environment, greatest($2 - (
           SELECT count(*) FROM (
             SELECT 1 FROM deliveries held
             WHERE held.platform_id = s.platform_id AND held.environment = s.environment AND ${LANE('held')}
               AND held.locked_until > now()
             LIMIT $2) held), 0) AS share
         FROM scopes s),
       turns AS (
         SELECT c.id, c.next_attempt_at, c.turn FROM shares s CROSS JOIN LATERAL (
           SELECT d.id, d.next_attempt_at, row_number() OVER (ORDER BY d.next_attempt_at) AS turn
           FROM deliveries d
           WHERE d.platform_id = s.platform_id AND d.environment = s.environment AND ${LANE('d')}
             AND d.next_attempt_at <= now() AND d.locked_until <= now() AND NOT EXISTS (${EARLIER_PENDING('d')})
           ORDER BY d.next_attempt_at
           LIMIT s.share) c),
       due AS (
         SELECT d.id FROM deliveries d
         JOIN (SELECT id FROM turns ORDER BY turn, next_attempt_at LIMIT $1) chosen ON chosen.id = d.id
         WHERE ${LANE('d')} AND d.locked_until <= now()
         FOR UPDATE OF d SKIP LOCKED),
       taken AS (
         UPDATE deliveries d SET locked_until = ${leaseFor('$3')}, lease_token = gen_random_uuid()
         FROM due WHERE d.id = due.id
         RETURNING d.*)
       SELECT ${DUE_COLUMNS('taken')}
       FROM taken LEFT JOIN webhook_endpoints e ON e.platform_id = taken.platform_id AND e.environment = taken.environment`,
      [limit, perPlatform, leaseMs],
    );
    return rows.map(toDue);
  }
}
