import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Lease } from '@payments/runtime';
import { DataSource, EntityManager } from 'typeorm';
import { DueTransaction } from '@transfers/rails/settlement-plan';
import { transactionColumns } from '@transfers/transactions/transaction.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

export interface Retry {
  /** Bare transaction uuid. */
  id: string;
  /** The token of the claim that tried: a retry is recorded only while that claim holds the attempt. */
  lease: string;
  delayMs: number;
  error: string;
}

/**
 * Whether a sender's payment (transaction `sender`, rail attempt `senderAttempt`) and the receiver's
 * payment it names (`receiver`, `receiverAttempt`) are one payment between two platforms of this
 * deployment: the same amount in the same currency, to the receiver's UMA address, from the UMA
 * address the sender paid as (docs/uma.md). Null when a party is unknown, which is no match.
 */
function samePayment(sender: string, senderAttempt: string, receiver: string, receiverAttempt: string) {
  return `${receiver}.type = 'INCOMING' AND ${receiver}.environment = ${sender}.environment
    AND ${receiver}.received_amount = ${sender}.received_amount
    AND ${receiver}.destination_currency = ${sender}.destination_currency
    AND lower(${receiverAttempt}.payee_uma_address) = lower(${sender}.destination_uma_address)
    AND lower(${receiver}.source_uma_address) = lower(${senderAttempt}.payer_uma_address)`;
}

/** The rail's work queue: one attempt per transaction, taken by whichever worker replica gets there first. */
@Injectable()
export class RailAttemptsStore {
  private readonly columns: string;

  private readonly senderFundingSeconds: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    this.senderFundingSeconds = config.get('UMA_SENDER_FUNDING_SECONDS', { infer: true });
    this.columns = transactionColumns(dataSource, 't');
  }

  /**
   * Takes up to `limit` due attempts, oldest first, and leases them for `leaseMs` by moving their due
   * time, under a token of each claim's own: the claim commits at once, so no lock is held while the
   * ledger is called, and an attempt whose worker died becomes due again when the lease runs out.
   * SKIP LOCKED lets replicas claim side by side without waiting for each other. Parked attempts are
   * left alone.
   */
  claimDue(limit: number, leaseMs: number): Promise<DueTransaction[]> {
    return this.dataSource.query(
      `WITH due AS (
         SELECT transaction_id, due_at FROM rail_attempts
         WHERE finished_at IS NULL AND parked_at IS NULL AND due_at <= now()
         ORDER BY due_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE rail_attempts a
         SET due_at = now() + $2 * interval '1 millisecond', tries = a.tries + 1, lease_token = gen_random_uuid()
         FROM due
         WHERE a.transaction_id = due.transaction_id
         RETURNING a.transaction_id, a.answer, a.failure_detail, a.failure_reason, a.failed_leg, a.awaits_transaction_id, a.awaits_funding, a.payer_uma_address, a.payee_uma_address, a.tries, a.lease_token, a.traceparent, due.due_at
       )
       SELECT ${this.columns}, claimed.answer AS "answer", claimed.failure_detail AS "railFailureDetail", claimed.failure_reason AS "railFailureReason", claimed.failed_leg AS "failedLeg",
         claimed.tries AS "tries", claimed.lease_token AS "lease", claimed.traceparent AS "traceparent", extract(epoch FROM now() - claimed.due_at)::float8 AS "lagSeconds",
         claimed.awaits_transaction_id AS "awaitsTransactionId", w.type AS "awaitedType", w.environment AS "awaitedEnvironment",
         w.status AS "awaitedStatus", w.failure_reason AS "awaitedFailureReason",
         (${samePayment('t', 'claimed', 'w', 'wa')}) IS TRUE AS "awaitedMatches",
         claimed.awaits_funding AS "awaitsFunding", funder.status IS NOT NULL AS "funded",
         t.created_at < now() - $3 * interval '1 second' AS "fundingOverdue"
       FROM claimed JOIN transactions t ON t.id = claimed.transaction_id
       LEFT JOIN transactions w ON w.id = claimed.awaits_transaction_id
       LEFT JOIN rail_attempts wa ON wa.transaction_id = claimed.awaits_transaction_id
       LEFT JOIN LATERAL (
         -- The sender's side of a payment between two platforms: it funds the payment once reserved.
         SELECT s.status FROM rail_attempts sa JOIN transactions s ON s.id = sa.transaction_id
         WHERE claimed.awaits_funding AND sa.awaits_transaction_id = claimed.transaction_id
           AND sa.finished_at IS NULL AND s.status IN ('PENDING', 'PROCESSING')
           AND ${samePayment('s', 'sa', 't', 'claimed')}
         LIMIT 1
       ) funder ON true`,
      [limit, leaseMs, this.senderFundingSeconds],
    );
  }

  /**
   * Makes failed attempts due again after their back-off, ending their claims; an attempt closed
   * meanwhile stays closed, and one claimed by another worker since is that worker's.
   */
  async retryLater(manager: EntityManager, retries: Retry[]): Promise<void> {
    if (retries.length === 0) return;
    await manager.query(
      `UPDATE rail_attempts a
       SET due_at = now() + r.delay_ms * interval '1 millisecond', last_error = r.error, lease_token = NULL
       FROM unnest($1::uuid[], $2::integer[], $3::text[], $4::uuid[]) AS r (id, delay_ms, error, lease)
       WHERE a.transaction_id = r.id AND a.finished_at IS NULL AND a.lease_token = r.lease`,
      [
        retries.map((retry) => retry.id),
        retries.map((retry) => retry.delayMs),
        retries.map((retry) => retry.error),
        retries.map((retry) => retry.lease),
      ],
    );
  }

  /**
   * Looks again after `delayMs` at payments whose receiver's payment has not ended, ending their
   * claims; waiting is not a failed try, so it does not count towards parking.
   */
  async waitLater(manager: EntityManager, leases: Lease[], delayMs: number): Promise<void> {
    if (leases.length === 0) return;
    await manager.query(
      `UPDATE rail_attempts a
       SET due_at = now() + $3 * interval '1 millisecond', lease_token = NULL, tries = greatest(a.tries - 1, 0)
       FROM unnest($1::uuid[], $2::uuid[]) AS l (id, token)
       WHERE a.transaction_id = l.id AND a.lease_token = l.token AND a.finished_at IS NULL`,
      [leases.map((lease) => lease.key), leases.map((lease) => lease.token), delayMs],
    );
  }

  /** Extends the claims still held under their tokens to `leaseMs` from now; answers the tokens extended. */
  async renewLeases(leases: Lease[], leaseMs: number): Promise<string[]> {
    // Wrapped in a WITH: TypeORM answers a bare UPDATE with [rows, count] rather than the rows.
    const rows: { lease_token: string }[] = await this.dataSource.query(
      `WITH renewed AS (
         UPDATE rail_attempts a SET due_at = now() + $3 * interval '1 millisecond'
         FROM unnest($1::uuid[], $2::uuid[]) AS l (id, token)
         WHERE a.transaction_id = l.id AND a.lease_token = l.token AND a.finished_at IS NULL
         RETURNING a.lease_token)
       SELECT lease_token FROM renewed`,
      [leases.map((lease) => lease.key), leases.map((lease) => lease.token), leaseMs],
    );
    return rows.map((row) => row.lease_token);
  }

  /**
   * Ends the claims still held under their tokens: their attempts are due at once. A released claim
   * was not a try, so it does not count towards parking.
   */
  async releaseLeases(leases: Lease[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE rail_attempts a SET due_at = now(), lease_token = NULL, tries = greatest(a.tries - 1, 0)
       FROM unnest($1::uuid[], $2::uuid[]) AS l (id, token)
       WHERE a.transaction_id = l.id AND a.lease_token = l.token AND a.finished_at IS NULL`,
      [leases.map((lease) => lease.key), leases.map((lease) => lease.token)],
    );
  }

  /**
   * Holds back the attempts of incoming payments that await their platform's approval: the rail has
   * nothing to do before the platform decides.
   */
  async holdUntilApproved(manager: EntityManager, ids: string[]): Promise<void> {
    await manager.query(
      `UPDATE rail_attempts SET due_at = 'infinity' WHERE transaction_id = ANY($1::uuid[]) AND finished_at IS NULL`,
      [ids],
    );
  }

  /** Starts the rail's clock on approved payments: each attempt is due after its delay from now. */
  async startNow(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE rail_attempts SET due_at = now() + delay_ms * interval '1 millisecond'
       WHERE transaction_id = ANY($1::uuid[]) AND finished_at IS NULL`,
      [ids],
    );
  }

  /** Closes attempts that have nothing left to do. */
  async close(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE rail_attempts SET finished_at = now(), lease_token = NULL
       WHERE transaction_id = ANY($1::uuid[]) AND finished_at IS NULL`,
      [ids],
    );
  }
}
