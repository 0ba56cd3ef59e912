import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventScope } from '@payments/contracts';
import { DataSource } from 'typeorm';
import { DeliverySelection, selectionWhere } from '@webhooks/delivery-log/delivery-log.store';

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
}
