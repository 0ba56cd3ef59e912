import { Injectable } from '@nestjs/common';
import { context } from '@opentelemetry/api';
import { ConfigService } from '@nestjs/config';
import { isolateFailures, isSystemicFault, PollingWorker } from '@payments/persistence';
import { drainGraceMs, Lease, LEASE_MS, LeaseHeartbeat, settledWithin } from '@payments/runtime';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { ApiException, callerOf } from '@payments/http';
import { Counter, Histogram } from 'prom-client';
import { DataSource } from 'typeorm';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { postInRounds, postingOf } from '@transfers/rails/ledger-rounds';
import { Rail } from '@transfers/rails/rail';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import {
  ABANDONED_DETAIL,
  DueTransaction,
  planSettlement,
  SettlementPlan,
} from '@transfers/rails/settlement-plan';
import { backoffMs, dueOf, idOf, SettlementRecorder, StepResult } from '@transfers/rails/settlement-recorder';
import { SettlementSpan, startSettlementSpan } from '@transfers/rails/settlement-tracing';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** How often an idle worker looks for due attempts: bounds the delay it adds to a settlement. */
const POLL_MS = 50;
const BATCH_SIZE = 200;
/**
 * Batches run side by side, so that attempts falling due while the ledger answers a batch are
 * taken at once rather than after it; the claim's lease keeps any two batches apart.
 */
const MAX_BATCHES_IN_FLIGHT = 4;
/** Failed tries of a step before its attempt is parked: about 25 s of back-off in all (see backoffMs). */
const PARK_AFTER_TRIES = 8;

const railSteps = new Counter({
  name: 'transfers_rail_steps_total',
  help: 'Rail steps the settlement worker ran, by result',
  labelNames: ['result'] as const,
});

const railLag = new Histogram({
  name: 'transfers_rail_lag_seconds',
  help: 'How long after falling due a rail attempt was taken by the settlement worker',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/**
 * Runs the rail's answers when they fall due, on every replica. Each step posts to the ledger first
 * (idempotent per transaction and kind) and then changes the status with a guarded update, so a
 * crash between the two only means the step runs again when its lease expires: money never moves
 * twice. A claim's lease is short (LEASE_MS) and renewed by a heartbeat while its batch runs, so the
 * attempts of a worker that dies are taken by another within seconds; on SIGTERM the worker lets
 * its batches finish within a grace and releases the claims of those that did not. A step that fails is retried with back-off, and parked once it has failed PARK_AFTER_TRIES
 * times for a reason of its own (a systemic fault only delays it); a batch whose results cannot be
 * recorded is recorded in halves, so that only the attempt that fails it is parked.
 */
@Injectable()
export class SettlementWorker extends PollingWorker {
  /** Claims due attempts every POLL_MS, or at once while full batches keep coming. */
  private readonly parking = this.declareLoop({
    name: 'settlement',
    work: 'claiming due rail attempts',
    table: { table: 'rail_attempts', key: 'transaction_id', keyType: 'uuid' },
    maxFailures: PARK_AFTER_TRIES,
    tick: async () =>
      (this.inFlight.size < MAX_BATCHES_IN_FLIGHT ? await this.claimBatch() : 0) === BATCH_SIZE,
    idleMs: POLL_MS,
    errorMs: POLL_MS * 20,
  }).parking;
  private readonly inFlight = new Set<Promise<void>>();

  private readonly leases: LeaseHeartbeat;
  private readonly drainGraceMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly attempts: RailAttemptsStore,
    private readonly recorder: SettlementRecorder,
    private readonly ledger: LedgerClient,
    private readonly rail: Rail,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    super();
    this.leases = new LeaseHeartbeat(this.logger, 'rail attempts', {
      renew: (leases) => attempts.renewLeases(leases, LEASE_MS),
      release: (leases) => attempts.releaseLeases(leases),
    });
    this.drainGraceMs = drainGraceMs(config.get('SHUTDOWN_TIMEOUT_MS', { infer: true }));
  }

  /**
   * Finishes the batches in hand, whose ledger steps are made and should be recorded, before the
   * database and ledger connections close (they close in onApplicationShutdown); the claims of
   * those that do not finish within the grace are released for another replica.
   */
  protected override async afterLoopsStop(): Promise<void> {
    await settledWithin(this.inFlight, this.drainGraceMs);
    await this.leases.releaseAll();
  }

  private async claimBatch(): Promise<number> {
    const due = await this.attempts.claimDue(BATCH_SIZE, LEASE_MS);
    if (due.length === 0) return 0;
    for (const transaction of due) {
      railLag.observe(transaction.lagSeconds);
      this.leases.hold(leaseOf(transaction));
    }
    const batch = this.settle(due)
      .catch((error) =>
        this.logger.error(
          { err: error },
          'settlement batch failed; its attempts run again when their lease ends',
        ),
      )
      .finally(() => {
        for (const transaction of due) this.leases.drop(leaseOf(transaction));
        this.inFlight.delete(batch);
      });
    this.inFlight.add(batch);
    return due.length;
  }

  /**
   * Each transaction's step runs in a span `settlement <plan>` of the trace of the request that
   * created it, and its event is written under that span, so that its webhook continues that trace
   * (docs/operations.md#tracing).
   */
  private async settle(due: DueTransaction[]): Promise<void> {
    const planned = await Promise.all(
      due.map(async (transaction) => {
        const plan = await this.plan(transaction);
        return { due: transaction, plan, span: startSettlementSpan(transaction.traceparent, plan.kind) };
      }),
    );
    const outcomes = new Map<string, StepResult['kind']>();
    try {
      await this.settlePlanned(planned, outcomes);
    } finally {
      for (const { due: transaction, span } of planned) {
        // None: the claim was lost or released, or the batch failed before its results were recorded.
        const outcome = outcomes.get(transaction.id);
        span.end(outcome ?? 'unfinished', outcome === undefined || outcome === 'retry' || outcome === 'park');
      }
    }
  }

  private async settlePlanned(
    planned: { due: DueTransaction; plan: PlanOrFailure; span: SettlementSpan }[],
    outcomes: Map<string, StepResult['kind']>,
  ): Promise<void> {
    const due = planned.map((each) => each.due);
    const postingFailures = await postInRounds(
      this.ledger,
      planned.flatMap(({ due: transaction, plan, span }) =>
        plan.kind === 'move' ? [{ due: transaction, postings: plan.postings, trace: span.context }] : [],
      ),
    );
    const stepped = await Promise.all(
      planned.map(async ({ due: transaction, plan, span }) => {
        const result = await context.with(span.context, () =>
          this.step(transaction, plan, postingFailures.get(transaction.id)),
        );
        // Recorded in one database transaction with the batch's other results, outside this context.
        return result.kind === 'move'
          ? { ...result, change: { ...result.change, trace: span.context } }
          : result;
      }),
    );
    // Lost to another worker, or released at shutdown: what comes of the attempt is its new holder's.
    const results = stepped.filter((_, index) => this.leases.drop(leaseOf(due[index])));
    const recorded = await isolateFailures(results, async (part) => {
      await this.recorder.record(part);
      return part;
    });
    const unrecorded = recorded.flatMap((outcome) =>
      'error' in outcome
        ? [{ kind: 'park' as const, due: dueOf(outcome.item, due), error: outcome.error }]
        : [],
    );
    const parks = [...results.filter((result) => result.kind === 'park'), ...unrecorded];
    await this.parking.park(
      this.dataSource,
      parks.map(({ due: transaction, error }) => ({
        key: transaction.id,
        ids: { transactionId: toApiId('Transaction', transaction.id), tries: transaction.tries },
        error,
      })),
    );
    for (const result of results) {
      railSteps.inc({ result: result.kind });
      outcomes.set(idOf(result), result.kind);
    }
    for (const park of unrecorded) outcomes.set(park.due.id, 'park');
  }

  /**
   * A transaction's plan, or why it has none: a row the planning cannot read, or a rail that cannot
   * be asked, fails its step alone. An attempt recorded PENDING is planned with the rail's answer,
   * and waits while the rail has none.
   */
  private async plan(due: DueTransaction): Promise<PlanOrFailure> {
    try {
      if (due.answer !== 'PENDING' || !isOpen(due.status)) return planSettlement(due);
      const polled = await this.rail.poll(due);
      return polled
        ? planSettlement({ ...due, answer: polled.answer, railFailureDetail: polled.failureDetail ?? null })
        : { kind: 'wait' };
    } catch (error) {
      return { kind: 'unplannable', error };
    }
  }

  /** What a due transaction comes to, once the postings of its plan are made or `postingFailure` stopped them. */
  private async step(due: DueTransaction, plan: PlanOrFailure, postingFailure: unknown): Promise<StepResult> {
    try {
      switch (plan.kind) {
        case 'unplannable':
          throw plan.error;
        case 'close':
          return { kind: 'close', id: due.id };
        case 'wait':
          return { kind: 'wait', lease: leaseOf(due) };
        case 'abandon':
          return await this.abandon(due);
        case 'move':
          if (postingFailure) throw postingFailure;
          return { kind: 'move', change: { id: due.id, from: due.status, ...plan.change } };
      }
    } catch (error) {
      if (!isSystemicFault(error) && this.parking.isExhausted(due.tries)) return { kind: 'park', due, error };
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ transactionId: due.id, tries: due.tries, err: error }, 'rail step failed; retrying');
      return {
        kind: 'retry',
        retry: { id: due.id, lease: due.lease, delayMs: backoffMs(due.tries), error: message },
      };
    }
  }

  /**
   * Undoes a transfer-out whose request died between its row and its confirmation. The reserve is
   * made (or found, if it was made) before it is released, so a reserve still on its way to the
   * ledger cannot land after the release; if the ledger refuses it, nothing was ever held.
   */
  private async abandon(due: DueTransaction): Promise<StepResult> {
    await this.rail.cancel(due);
    try {
      await this.ledger.post(callerOf(due), postingOf(due, 'RESERVE'));
    } catch (error) {
      if (ApiException.isRefusal(error)) return { kind: 'discard', id: due.id };
      throw error;
    }
    await this.ledger.post(callerOf(due), postingOf(due, 'RELEASE'));
    return {
      kind: 'move',
      change: {
        id: due.id,
        from: 'CREATED',
        to: 'FAILED',
        reason: ABANDONED_DETAIL,
        failure: { reason: 'OFFRAMP_FAILED', detail: ABANDONED_DETAIL },
      },
    };
  }
}

type PlanOrFailure = SettlementPlan | { kind: 'unplannable'; error: unknown };

/** A transaction the rail still has to answer for: one that has ended or never began needs no answer. */
function isOpen(status: DueTransaction['status']): boolean {
  return status === 'PENDING' || status === 'PROCESSING';
}

function leaseOf(due: DueTransaction): Lease {
  return { key: due.id, token: due.lease };
}
