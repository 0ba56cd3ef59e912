import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RequestedCustomerInfoField } from '@payments/contracts';
import { DataSource, EntityManager } from 'typeorm';

/**
 * WAITING: the pending webhook is on its way or unanswered; ACKNOWLEDGED: the platform answered 202
 * and has until the deadline to approve or reject; DECIDED: the transaction has its outcome.
 */
export type ApprovalStatus = 'WAITING' | 'ACKNOWLEDGED' | 'DECIDED';

export interface UndecidedApproval {
  /** Bare transaction uuid. */
  id: string;
  status: Exclude<ApprovalStatus, 'DECIDED'>;
  requestedFields: RequestedCustomerInfoField[];
}

export interface Decided {
  id: string;
  receiverCustomerInfo?: Record<string, string>;
  reason: string;
}

/**
 * The approvals of incoming payments: one row per payment that awaits its platform, locked by whoever
 * decides it (an answer, an approve or reject request, the deadline worker), so exactly one of them
 * does. Undecided rows are the deadline worker's queue.
 */
@Injectable()
export class IncomingApprovalsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(
    manager: EntityManager,
    id: string,
    requestedFields: RequestedCustomerInfoField[],
    deadlineInSeconds: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO incoming_approvals (transaction_id, status, requested_fields, deadline_at)
       VALUES ($1, 'WAITING', $2, now() + $3 * interval '1 second')`,
      [id, JSON.stringify(requestedFields), deadlineInSeconds],
    );
  }

  /**
   * Locks the approvals of transactions while they are undecided, in id order (so that two batches
   * never lock crosswise); those decided already, or that have none, are left out.
   */
  lockUndecided(manager: EntityManager, ids: string[]): Promise<UndecidedApproval[]> {
    return manager.query(
      `SELECT transaction_id AS id, status, requested_fields AS "requestedFields"
       FROM incoming_approvals WHERE transaction_id = ANY($1::uuid[]) AND status <> 'DECIDED'
       ORDER BY transaction_id FOR UPDATE`,
      [ids],
    );
  }

  /** 202s: each platform decides by its `deadlineAt`. */
  async acknowledge(manager: EntityManager, acknowledged: { id: string; deadlineAt: Date }[]): Promise<void> {
    if (acknowledged.length === 0) return;
    await manager.query(
      `UPDATE incoming_approvals a SET status = 'ACKNOWLEDGED', deadline_at = k.deadline_at
       FROM unnest($1::uuid[], $2::timestamptz[]) AS k (id, deadline_at)
       WHERE a.transaction_id = k.id`,
      [acknowledged.map((each) => each.id), acknowledged.map((each) => each.deadlineAt)],
    );
  }

  async decide(manager: EntityManager, decided: Decided[]): Promise<void> {
    if (decided.length === 0) return;
    await manager.query(
      `UPDATE incoming_approvals a
       SET status = 'DECIDED', decided_at = now(), receiver_customer_info = d.info, decision_reason = d.reason
       FROM unnest($1::uuid[], $2::jsonb[], $3::text[]) AS d (id, info, reason)
       WHERE a.transaction_id = d.id`,
      [
        decided.map((each) => each.id),
        decided.map((each) => (each.receiverCustomerInfo ? JSON.stringify(each.receiverCustomerInfo) : null)),
        decided.map((each) => each.reason),
      ],
    );
  }

  /** Transactions whose approval is overdue, oldest deadline first; parked ones are left alone. */
  async overdue(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT transaction_id AS id FROM incoming_approvals
       WHERE status <> 'DECIDED' AND parked_at IS NULL AND deadline_at <= now()
       ORDER BY deadline_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Locks those of `ids` still undecided and overdue, skipping rows another replica or a request
   * holds (they are being decided): answers the ids locked.
   */
  async claimOverdue(manager: EntityManager, ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT transaction_id AS id FROM incoming_approvals
       WHERE transaction_id = ANY($1::uuid[]) AND status <> 'DECIDED' AND parked_at IS NULL AND deadline_at <= now()
       ORDER BY transaction_id
       FOR UPDATE SKIP LOCKED`,
      [ids],
    );
    return rows.map((row) => row.id);
  }
}
