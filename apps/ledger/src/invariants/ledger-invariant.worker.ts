import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PollingWorker } from '@payments/persistence';
import { Gauge, register } from 'prom-client';
import { LedgerInvariantStore } from '@ledger/invariants/ledger-invariant.store';
import { LEDGER_INVARIANTS, RECENT_POSTING_INVARIANTS } from '@ledger/invariants/ledger-invariants';
import { LedgerEnvironment } from '@ledger/ledger.environment';

const VIOLATIONS = 'ledger_invariant_violations';
const FULL_CHECK_AGE = 'ledger_invariant_last_full_check_age_seconds';
/**
 * How far each incremental check reaches back before the last one's snapshot: a posting is dated
 * when its transaction starts and may commit after a snapshot that is later than its date.
 */
const OVERLAP_MS = 60_000;
const ERROR_DELAY_MS = 30_000;

/**
 * The ledger's invariants as metrics (docs/operations.md, "Reconciliation"): every
 * LEDGER_INVARIANT_CHECK_MS the postings since the last check are checked (cheap), and every
 * LEDGER_FULL_CHECK_MS the whole ledger, with the checks `npm run ledger:check` runs. The replicas
 * take turns under an advisory lock, so only one checks at a time; each exports what it last saw,
 * so alert on the max of the violations and the min of the age across replicas.
 */
@Injectable()
export class LedgerInvariantWorker extends PollingWorker implements OnModuleDestroy {
  private readonly fullCheckMs: number;
  /** Start of the next incremental check; the first check is a full one. */
  private recentSince?: Date;
  /** Since the process started, until a full check has run here. */
  private lastFullCheckAt = Date.now();
  private readonly violations = new Gauge({
    name: VIOLATIONS,
    help: 'Ledger invariant violations found by the last check of each scope (full or recent postings); 0 when all hold',
    labelNames: ['scope'] as const,
  });

  constructor(
    private readonly store: LedgerInvariantStore,
    config: ConfigService<LedgerEnvironment, true>,
  ) {
    super();
    this.fullCheckMs = config.get('LEDGER_FULL_CHECK_MS', { infer: true });
    const lastFullCheckAt = () => this.lastFullCheckAt;
    new Gauge({
      name: FULL_CHECK_AGE,
      help: 'Seconds since this replica last completed a full ledger invariant check (since it started, before the first)',
      collect() {
        this.set((Date.now() - lastFullCheckAt()) / 1000);
      },
    });
    this.declareLoop({
      name: 'ledger-invariant-check',
      work: 'checking the ledger invariants',
      tick: () => this.check(),
      idleMs: config.get('LEDGER_INVARIANT_CHECK_MS', { infer: true }),
      errorMs: ERROR_DELAY_MS,
    });
  }

  onModuleDestroy(): void {
    register.removeSingleMetric(VIOLATIONS);
    register.removeSingleMetric(FULL_CHECK_AGE);
  }

  /** One check, full when due; never more work waiting, so the loop pauses after each. */
  async check(): Promise<boolean> {
    const full = !this.recentSince || Date.now() - this.lastFullCheckAt >= this.fullCheckMs;
    const run = full
      ? await this.store.run(LEDGER_INVARIANTS)
      : await this.store.run(RECENT_POSTING_INVARIANTS, [this.recentSince]);
    if (!run) return false;
    const scope = full ? 'full' : 'recent';
    this.violations.set({ scope }, run.violations);
    if (run.violations > 0) {
      this.logger.error(
        { scope, violations: run.violations },
        'ledger invariants violated: run npm run ledger:check',
      );
    }
    if (full) this.lastFullCheckAt = Date.now();
    this.recentSince = new Date(run.snapshotAt.getTime() - OVERLAP_MS);
    return false;
  }
}
