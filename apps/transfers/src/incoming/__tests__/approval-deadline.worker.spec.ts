import { ConfigService } from '@nestjs/config';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { ApprovalDecisions } from '@transfers/incoming/approval-decisions';
import { ApprovalDeadlineWorker } from '@transfers/incoming/approval-deadline.worker';
import { IncomingApprovalsStore } from '@transfers/incoming/incoming-approvals.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

const POLL_MS = 100;
const BATCH_SIZE = 200;
const POISON = 'approval-poison';
const rowRefused = Object.assign(new Error('value too long'), { code: '22001' });
const databaseDown = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const timedOut = {
  kind: 'fail',
  reason: 'PAYMENT_APPROVAL_TIMED_OUT',
  detail: 'The platform did not approve or reject within 30 s',
};

const failedTicks = async () =>
  (await register.getSingleMetric('background_loop_ticks_total')!.get()).values.find(
    (value) => value.labels.loop === 'approval-deadline' && value.labels.result === 'failed',
  )?.value ?? 0;

describe('ApprovalDeadlineWorker', () => {
  const approvals = { overdue: jest.fn(), claimOverdue: jest.fn() };
  const decisions = { decideAll: jest.fn() };
  const manager = { query: jest.fn() };
  const dataSource = { query: jest.fn(), transaction: jest.fn() };
  const config = { get: () => 30 } as unknown as ConfigService<TransfersEnvironment, true>;
  let worker: ApprovalDeadlineWorker;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetAllMocks();
    approvals.overdue.mockResolvedValue([]);
    approvals.claimOverdue.mockImplementation(async (_manager: unknown, ids: string[]) => ids);
    dataSource.transaction.mockImplementation((work: (transaction: typeof manager) => Promise<unknown>) =>
      work(manager),
    );
    dataSource.query.mockResolvedValue([]);
    worker = new ApprovalDeadlineWorker(
      dataSource as unknown as DataSource,
      approvals as unknown as IncomingApprovalsStore,
      decisions as unknown as ApprovalDecisions,
      config,
    );
  });

  afterEach(async () => {
    await worker.beforeApplicationShutdown();
    jest.useRealTimers();
  });

  it('times out the overdue approvals it claims, in one transaction, as PAYMENT_APPROVAL_TIMED_OUT', async () => {
    approvals.overdue.mockResolvedValueOnce(['a', 'b', 'c']);
    // Another replica, or the platform's answer, took b first.
    approvals.claimOverdue.mockResolvedValueOnce(['a', 'c']);

    worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);

    expect(approvals.overdue).toHaveBeenCalledWith(BATCH_SIZE);
    expect(approvals.claimOverdue).toHaveBeenCalledWith(manager, ['a', 'b', 'c']);
    expect(decisions.decideAll).toHaveBeenCalledWith(manager, [
      { id: 'a', decision: timedOut },
      { id: 'c', decision: timedOut },
    ]);
    expect(dataSource.transaction).toHaveBeenCalledTimes(1);
  });

  it('looks again at once after a full batch, otherwise every POLL_MS', async () => {
    approvals.overdue.mockResolvedValueOnce(
      Array.from({ length: BATCH_SIZE }, (_, index) => `full-${index}`),
    );

    worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);
    expect(approvals.overdue).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(approvals.overdue).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(approvals.overdue).toHaveBeenCalledTimes(3);
  });

  it('retries a failing batch in halves: the approval at fault counts a failure, the others time out', async () => {
    approvals.overdue.mockResolvedValueOnce(['a', POISON, 'c', 'd']);
    const stored: string[] = [];
    decisions.decideAll.mockImplementation(async (_manager: unknown, batch: { id: string }[]) => {
      if (batch.some(({ id }) => id === POISON)) throw rowRefused;
      stored.push(...batch.map(({ id }) => id));
    });

    worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);

    expect(stored).toEqual(['a', 'c', 'd']);
    expect(dataSource.query).toHaveBeenCalledTimes(1);
    expect(dataSource.query).toHaveBeenCalledWith(expect.stringContaining('UPDATE incoming_approvals'), [
      [POISON],
      ['22001: value too long'],
      5,
    ]);
  });

  it('backs off on a systemic fault for twenty polls, charging no approval', async () => {
    approvals.overdue.mockResolvedValueOnce(['a', 'b']);
    decisions.decideAll.mockRejectedValueOnce(databaseDown);
    const before = await failedTicks();

    worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(POLL_MS * 20 - 1);
    expect(approvals.overdue).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);

    expect(approvals.overdue).toHaveBeenCalledTimes(2);
    expect(dataSource.query).not.toHaveBeenCalled();
    expect(await failedTicks()).toBe(before + 1);
  });
});
