import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { isolateFailures, PollingWorker } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { ApprovalDecisions } from '@transfers/incoming/approval-decisions';
import { timedOut } from '@transfers/incoming/approval-rules';
import { IncomingApprovalsStore } from '@transfers/incoming/incoming-approvals.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** How often an idle worker looks for overdue approvals: bounds how late a timeout is recorded. */
const POLL_MS = 100;
const BATCH_SIZE = 200;
/** Failed tries of one approval's timeout before it is parked. */
const PARK_AFTER_FAILURES = 5;

/**
 * Fails the incoming payments whose platform did not decide in time (PAYMENT_APPROVAL_TIMED_OUT), on
 * every replica. A timeout calls nobody: its claim (FOR UPDATE SKIP LOCKED, so replicas and requests
 * never wait for each other), the approval, the status change and its event commit in one database
 * transaction, so no lease is needed: a replica that dies rolls its claim back. A batch that fails is
 * retried in halves until the approval at fault is alone; that one counts a failure and is parked
 * after PARK_AFTER_FAILURES, and the others, of any platform, are timed out on time.
 */
@Injectable()
export class ApprovalDeadlineWorker extends PollingWorker {
  private readonly parking = this.declareLoop({
    name: 'approval-deadline',
    work: 'timing out overdue approvals',
    table: { table: 'incoming_approvals', key: 'transaction_id', keyType: 'uuid' },
    maxFailures: PARK_AFTER_FAILURES,
    tick: async () => (await this.timeOutOverdue()) === BATCH_SIZE,
    idleMs: POLL_MS,
    errorMs: POLL_MS * 20,
  }).parking;
  private readonly timeoutSeconds: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly approvals: IncomingApprovalsStore,
    private readonly decisions: ApprovalDecisions,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    super();
    this.timeoutSeconds = config.get('APPROVAL_TIMEOUT_SECONDS', { infer: true });
  }

  /** Answers how many overdue approvals it found. */
  private async timeOutOverdue(): Promise<number> {
    const overdue = await this.approvals.overdue(BATCH_SIZE);
    if (overdue.length === 0) return 0;
    const outcomes = await isolateFailures(overdue, async (part) => {
      await this.dataSource.transaction(async (manager) => {
        const claimed = await this.approvals.claimOverdue(manager, part);
        const decision = timedOut(`The platform did not approve or reject within ${this.timeoutSeconds} s`);
        await this.decisions.decideAll(
          manager,
          claimed.map((id) => ({ id, decision })),
        );
      });
      return part;
    });
    await this.parking.recordFailures(
      this.dataSource,
      outcomes.flatMap((outcome) =>
        'error' in outcome
          ? [
              {
                key: outcome.item,
                ids: { transactionId: toApiId('Transaction', outcome.item) },
                error: outcome.error,
              },
            ]
          : [],
      ),
    );
    return overdue.length;
  }
}
