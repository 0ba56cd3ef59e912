// The summary lines of a money path's run (scripts/bench/money-path.mjs), with its verdict against
// the targets of docs/performance.md.
import { describeHostCpu } from './host-cpu.mjs';
import { INCOMING_SCENARIO, incomingVerdict } from './incoming.mjs';
import { describeCpuPerPayment } from './process-cpu.mjs';

/** Completed payments a second each scenario must reach on the 2-core machine (docs/performance.md). */
const TARGET_RATES = { 'transfer-out': 400, 'POST /quotes + execute (USD → MXN)': 300 };

export function summarizeMoneyPath(money) {
  const verdict =
    money.scenario === INCOMING_SCENARIO.title
      ? incomingVerdict(money)
      : `${money.completedPerSecond >= TARGET_RATES[money.scenario] && money.webhookP99Ms < 1000 && money.lost === 0 && money.duplicateWebhooks === 0 ? 'meets' : 'MISSES'} ≥${TARGET_RATES[money.scenario]}/s, p99 < 1 s, none lost or duplicated`;
  return [
    `${money.scenario} (${money.clients} clients, ${money.durationSeconds} s after ${money.warmupSeconds} s of warm-up): ${money.completedPerSecond} completed/s, ${money.completed} completed of ${money.accepted} accepted, lost ${money.lost} and duplicate webhooks ${money.duplicateWebhooks} (warm-up's ${money.warmupAccepted} included), refused ${JSON.stringify(money.rejectedRequests)}`,
    `  payment (${money.apiCallsPerPayment} API call(s)) p50 ${money.apiP50Ms} ms, p99 ${money.apiP99Ms} ms; request → COMPLETED webhook p50 ${money.webhookP50Ms} ms, p99 ${money.webhookP99Ms} ms  (${verdict})`,
    `  ledger:check ${money.ledgerCheck.passed ? 'passed' : 'FAILED'}: ${money.ledgerCheck.report.split('\n').pop()}`,
    ...describeHostCpu(money.hostCpu),
    ...describeCpuPerPayment(money.cpuMsByPart, money.completed),
  ];
}
