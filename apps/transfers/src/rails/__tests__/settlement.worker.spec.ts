import { ConfigService } from '@nestjs/config';
import { SpanContext, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { Parking } from '@payments/persistence';
import { recordSpans, traceparentOfSpan } from '@payments/testing';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { ManualRail } from '@transfers/rails/__tests__/manual-rail';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { DueTransaction } from '@transfers/rails/settlement-plan';
import { SettlementRecorder } from '@transfers/rails/settlement-recorder';
import { SettlementWorker } from '@transfers/rails/settlement.worker';
import { StatusChange, TransactionStore } from '@transfers/transactions/transaction.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

const POISON = '00000000-0000-4000-8000-000000000001';
const GOOD = '00000000-0000-4000-8000-000000000002';
const checkViolation = Object.assign(new Error('violates check constraint'), { code: '23514' });

/** An incoming transfer the rail settles: one DEPOSIT, then COMPLETED. */
function dueTransaction(id: string, tries: number): DueTransaction {
  return {
    id,
    platformId: '00000000-0000-4000-8000-0000000000aa',
    environment: 'SANDBOX',
    type: 'INCOMING',
    status: 'PENDING',
    answer: 'SETTLE',
    railFailureDetail: null,
    failedLeg: null,
    sourceType: 'ACCOUNT',
    fundingAccountId: null,
    destinationAccountId: 'InternalAccount:1',
    destinationCurrency: 'USD',
    sentAmount: '100',
    platformFee: '0',
    serviceFee: '0',
    tries,
    lease: `${id}-lease`,
    lagSeconds: 0,
    traceparent: null,
  } as unknown as DueTransaction;
}

const parkedCount = async (reason: string) =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'settlement' && value.labels.reason === reason,
  )?.value ?? 0;

describe('SettlementWorker', () => {
  const manager = { query: jest.fn() };
  const dataSource = { query: jest.fn(), transaction: jest.fn() };
  const attempts = {
    retryLater: jest.fn(),
    close: jest.fn(),
    waitLater: jest.fn(),
    claimDue: jest.fn(),
    renewLeases: jest.fn(),
    releaseLeases: jest.fn(),
  };
  const transactions = { move: jest.fn(), discardCreated: jest.fn() };
  const ledger = { postAll: jest.fn(), post: jest.fn() };
  const worker = new SettlementWorker(
    dataSource as unknown as DataSource,
    attempts as unknown as RailAttemptsStore,
    new SettlementRecorder(
      dataSource as unknown as DataSource,
      attempts as unknown as RailAttemptsStore,
      transactions as unknown as TransactionStore,
    ),
    ledger as unknown as LedgerClient,
    new ManualRail(),
    { get: () => 4_000 } as unknown as ConfigService<TransfersEnvironment, true>,
  );
  const internals = worker as unknown as { claimBatch(): Promise<number>; inFlight: Set<Promise<void>> };
  /** Claims `due` as the loop would, and settles it. */
  const settle = async (due: DueTransaction[]) => {
    attempts.claimDue.mockResolvedValueOnce(due);
    await internals.claimBatch();
    await Promise.all(internals.inFlight);
  };
  let parking: jest.SpyInstance<Promise<void>, Parameters<Parking['park']>>;
  /** The keys of the attempts parked, as the worker handed them to its Parking. */
  const parkedKeys = () => parking.mock.calls.flatMap(([, rows]) => rows.map((row) => row.key));

  beforeEach(() => {
    jest.resetAllMocks();
    dataSource.transaction.mockImplementation((work: (m: typeof manager) => Promise<void>) => work(manager));
    dataSource.query.mockResolvedValue([]);
    parking = jest.spyOn(Parking.prototype, 'park');
  });

  afterEach(() => parking.mockRestore());

  it('parks an attempt whose step failed its last allowed try, and settles the others', async () => {
    const refusal = Object.assign(new Error('account closed'), { code: 'ACCOUNT_CLOSED' });
    ledger.postAll.mockImplementation(async (_caller, postings: { transactionId: string }[]) =>
      postings.map((posting) => (posting.transactionId.endsWith(POISON) ? refusal : undefined)),
    );
    const before = await parkedCount('ACCOUNT_CLOSED');

    await settle([dueTransaction(POISON, 8), dueTransaction(GOOD, 1)]);

    expect(transactions.move).toHaveBeenCalledWith(manager, [
      expect.objectContaining({ id: GOOD, to: 'COMPLETED' }),
    ]);
    expect(attempts.retryLater).toHaveBeenCalledWith(manager, []);
    expect(parkedKeys()).toEqual([POISON]);
    expect(await parkedCount('ACCOUNT_CLOSED')).toBe(before + 1);
  });

  it('retries a failing step with back-off before its last try', async () => {
    ledger.postAll.mockImplementation(async (_caller, postings: unknown[]) =>
      postings.map(() => new Error('refused')),
    );

    await settle([dueTransaction(POISON, 3)]);

    expect(attempts.retryLater).toHaveBeenCalledWith(manager, [
      expect.objectContaining({ id: POISON, error: 'refused' }),
    ]);
    expect(parkedKeys()).toEqual([]);
  });

  it('records a batch in halves when one result cannot be written, parking only that attempt', async () => {
    ledger.postAll.mockImplementation(async (_caller, postings: unknown[]) => postings.map(() => undefined));
    transactions.move.mockImplementation(async (_manager, changes: StatusChange[]) => {
      if (changes.some((change) => change.id === POISON)) throw checkViolation;
    });
    const before = await parkedCount('23514');

    await settle([dueTransaction(GOOD, 1), dueTransaction(POISON, 1)]);

    expect(transactions.move).toHaveBeenCalledWith(manager, [expect.objectContaining({ id: GOOD })]);
    expect(parkedKeys()).toEqual([POISON]);
    expect(await parkedCount('23514')).toBe(before + 1);
  });

  it("looks again later at a payment whose receiver's payment has not ended, without a try counted", async () => {
    const waiting = {
      ...dueTransaction(POISON, 1),
      type: 'OUTGOING',
      awaitsTransactionId: GOOD,
      awaitedType: 'INCOMING',
      awaitedEnvironment: 'SANDBOX',
      awaitedStatus: 'PENDING',
      awaitedMatches: true,
    } as DueTransaction;
    ledger.postAll.mockImplementation(async (_caller, postings: unknown[]) => postings.map(() => undefined));

    await settle([waiting, dueTransaction(GOOD, 1)]);

    expect(attempts.waitLater).toHaveBeenCalledWith(
      manager,
      [{ key: POISON, token: `${POISON}-lease` }],
      2_000,
    );
    expect(transactions.move).toHaveBeenCalledWith(manager, [expect.objectContaining({ id: GOOD })]);
    expect(ledger.postAll).toHaveBeenCalledWith(expect.anything(), [
      expect.objectContaining({ transactionId: expect.stringContaining(GOOD) }),
    ]);
  });

  it('settles a batch of payments between platforms item by item: one whose release fails is retried alone', async () => {
    const WAITING = '00000000-0000-4000-8000-000000000003';
    const paying = (id: string, awaitedStatus: string) =>
      ({
        ...dueTransaction(id, 1),
        type: 'OUTGOING',
        sourceAccountId: 'InternalAccount:2',
        sourceCurrency: 'USD',
        awaitsTransactionId: GOOD,
        awaitedType: 'INCOMING',
        awaitedEnvironment: 'SANDBOX',
        awaitedStatus,
        awaitedMatches: true,
      }) as DueTransaction;
    ledger.postAll.mockImplementation(async (_caller, postings: { transactionId: string }[]) =>
      postings.map((posting) =>
        posting.transactionId.endsWith(POISON) ? new Error('ledger refused') : undefined,
      ),
    );

    await settle([paying(POISON, 'REJECTED'), paying(WAITING, 'PENDING'), dueTransaction(GOOD, 1)]);

    expect(attempts.retryLater).toHaveBeenCalledWith(manager, [
      expect.objectContaining({ id: POISON, error: 'ledger refused' }),
    ]);
    expect(attempts.waitLater).toHaveBeenCalledWith(
      manager,
      [{ key: WAITING, token: `${WAITING}-lease` }],
      2_000,
    );
    expect(transactions.move).toHaveBeenCalledWith(manager, [
      expect.objectContaining({ id: GOOD, to: 'COMPLETED' }),
    ]);
  });

  it('does not record what comes of an attempt whose claim was lost to another worker meanwhile', async () => {
    jest.useFakeTimers();
    let answer: () => void = () => undefined;
    ledger.postAll.mockImplementation(
      (_caller, postings: unknown[]) =>
        new Promise((resolve) => (answer = () => resolve(postings.map(() => undefined)))),
    );
    attempts.renewLeases.mockResolvedValue([]);
    try {
      const settling = settle([dueTransaction(GOOD, 1)]);
      await jest.advanceTimersByTimeAsync(2_000);
      answer();
      await settling;
    } finally {
      jest.useRealTimers();
    }

    expect(attempts.renewLeases).toHaveBeenCalledWith([{ key: GOOD, token: `${GOOD}-lease` }], 5_000);
    expect(transactions.move).not.toHaveBeenCalled();
  });

  describe('with tracing on', () => {
    /** The span of the request that created the transaction. */
    const REQUEST: SpanContext = {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
    };
    const spans = recordSpans();

    it("settles a transaction in a span of its creating request's trace, writing its event under it", async () => {
      let ledgerSpan: string | undefined;
      ledger.postAll.mockImplementation(async (_caller, postings: unknown[]) => {
        ledgerSpan = trace.getActiveSpan()?.spanContext().spanId;
        return postings.map(() => undefined);
      });

      await settle([{ ...dueTransaction(GOOD, 1), traceparent: traceparentOfSpan(REQUEST) }]);

      const [settled] = spans.ended().filter((span) => span.name === 'settlement move');
      expect(settled.kind).toBe(SpanKind.INTERNAL);
      expect(settled.spanContext().traceId).toBe(REQUEST.traceId);
      expect(settled.parentSpanContext?.spanId).toBe(REQUEST.spanId);
      expect(settled.attributes['payments.settlement.outcome']).toBe('move');
      expect(ledgerSpan).toBe(settled.spanContext().spanId);
      const [[, [change]]] = transactions.move.mock.calls as [unknown, StatusChange[]][];
      expect(trace.getSpanContext(change.trace!)?.spanId).toBe(settled.spanContext().spanId);
    });

    it('traces an untraced transaction on its own, marking a step to be retried as failed', async () => {
      ledger.postAll.mockImplementation(async (_caller, postings: unknown[]) =>
        postings.map(() => new Error('refused')),
      );

      await settle([{ ...dueTransaction(POISON, 1), id: POISON }]);

      const failed = spans
        .ended()
        .find((span) => span.attributes['payments.settlement.outcome'] === 'retry')!;
      expect(failed.parentSpanContext).toBeUndefined();
      expect(failed.spanContext().traceId).not.toBe(REQUEST.traceId);
      expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    });
  });

  it('on shutdown lets batches finish within the grace, then releases the claims of the rest', async () => {
    jest.useFakeTimers();
    ledger.postAll.mockImplementation(() => new Promise(() => undefined));
    attempts.renewLeases.mockImplementation(async (held: { token: string }[]) =>
      held.map(({ token }) => token),
    );
    try {
      attempts.claimDue.mockResolvedValueOnce([dueTransaction(GOOD, 1)]);
      await internals.claimBatch();
      const stopping = worker.beforeApplicationShutdown();
      // The grace is half of SHUTDOWN_TIMEOUT_MS.
      await jest.advanceTimersByTimeAsync(2_000);
      await stopping;
    } finally {
      jest.useRealTimers();
    }

    expect(attempts.releaseLeases).toHaveBeenCalledWith([{ key: GOOD, token: `${GOOD}-lease` }]);
  });
});
