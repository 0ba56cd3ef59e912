import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventScope } from '@payments/contracts';
import { DataSource } from 'typeorm';
import { DeliveryStatus } from '@webhooks/deliveries/delivery-policy';
import { WebhookType } from '@webhooks/deliveries/webhook-envelope';
import { DeliveryCursor } from '@webhooks/delivery-log/delivery-cursor';

/** Which deliveries a list or a bulk redelivery takes; absent fields add no condition. */
export interface DeliverySelection {
  status?: DeliveryStatus;
  type?: WebhookType;
  /** The transaction of a payment webhook: the aggregate of INCOMING_PAYMENT and OUTGOING_PAYMENT. */
  transactionId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

export interface DeliveryRow {
  id: string;
  type: WebhookType;
  status: DeliveryStatus;
  aggregate_id: string;
  attempt_count: number;
  next_attempt_at: Date;
  created_at: Date;
  /** created_at in microseconds since the epoch, which a Date cannot hold: the page's cursor. */
  created_us: string;
  last_attempt_at: Date | null;
  last_status_code: number | null;
}

export interface FoundDelivery extends DeliveryRow {
  body: string;
  approval_request: boolean;
}

export interface AttemptRow {
  attempt: number;
  started_at: Date;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  response_body: string | null;
}

export const PAYMENT_TYPES: WebhookType[] = ['INCOMING_PAYMENT', 'OUTGOING_PAYMENT'];

const COLUMNS = `d.id, d.type, d.status, d.aggregate_id, d.attempt_count, d.next_attempt_at, d.created_at,
  (extract(epoch from d.created_at) * 1000000)::bigint::text AS created_us,
  last.started_at AS last_attempt_at, last.response_status AS last_status_code`;

/** A delivery's last attempt is numbered by its attempt_count: one primary key lookup. */
const LAST_ATTEMPT = `LEFT JOIN delivery_attempts last ON last.delivery_id = d.id AND last.attempt = d.attempt_count`;

/**
 * The conditions of a selection on `deliveries d` within a platform's environment, with their
 * parameters numbered from $1 (platform) and $2 (environment). Shared by the log and redelivery, so
 * a bulk redelivery takes exactly what the same filter lists.
 */
export function selectionWhere(scope: EventScope, selection: DeliverySelection) {
  const parameters: unknown[] = [scope.platformId, scope.environment];
  const conditions = ['d.platform_id = $1', 'd.environment = $2'];
  const add = (condition: (parameter: string) => string, value: unknown) => {
    parameters.push(value);
    conditions.push(condition(`$${parameters.length}`));
  };
  if (selection.status) add((p) => `d.status = ${p}`, selection.status);
  if (selection.type) add((p) => `d.type = ${p}`, selection.type);
  if (selection.transactionId) {
    add((p) => `d.aggregate_id = ${p}`, selection.transactionId);
    add((p) => `d.type = ANY(${p}::text[])`, PAYMENT_TYPES);
  }
  if (selection.createdAfter) add((p) => `d.created_at >= ${p}`, selection.createdAfter);
  if (selection.createdBefore) add((p) => `d.created_at <= ${p}`, selection.createdBefore);
  return { where: conditions.join(' AND '), parameters };
}

/**
 * Reads of the delivery log: one platform's deliveries in one environment, newest first, in keyset
 * pages on (created_at, id) that the indexes of migration 1766100000000 serve from where the last
 * page stopped; and one delivery with every attempt.
 */
@Injectable()
export class DeliveryLogStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Up to `take` deliveries of the selection, newest first, after `after` when given. */
  page(
    scope: EventScope,
    selection: DeliverySelection,
    take: number,
    after?: DeliveryCursor,
  ): Promise<DeliveryRow[]> {
    const { where, parameters } = selectionWhere(scope, selection);
    const keyset = after
      ? `AND (d.created_at, d.id) < (timestamptz 'epoch' + $${parameters.length + 2}::bigint * interval '1 microsecond', $${parameters.length + 3}::uuid)`
      : '';
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM deliveries d ${LAST_ATTEMPT}
       WHERE ${where} ${keyset}
       ORDER BY d.created_at DESC, d.id DESC
       LIMIT $${parameters.length + 1}`,
      [...parameters, take, ...(after ? [after.at, after.id] : [])],
    );
  }

  async count(scope: EventScope, selection: DeliverySelection): Promise<number> {
    const { where, parameters } = selectionWhere(scope, selection);
    const [{ count }] = await this.dataSource.query(
      `SELECT count(*)::bigint AS count FROM deliveries d WHERE ${where}`,
      parameters,
    );
    return Number(count);
  }

  /** The delivery with its body, if it is the scope's. */
  async find(scope: EventScope, id: string): Promise<FoundDelivery | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT ${COLUMNS}, d.body, d.approval_request FROM deliveries d ${LAST_ATTEMPT}
       WHERE d.id = $1 AND d.platform_id = $2 AND d.environment = $3`,
      [id, scope.platformId, scope.environment],
    );
    return row;
  }

  attempts(id: string): Promise<AttemptRow[]> {
    return this.dataSource.query(
      `SELECT attempt, started_at, duration_ms, response_status, error, response_body
       FROM delivery_attempts WHERE delivery_id = $1 ORDER BY attempt`,
      [id],
    );
  }
}
