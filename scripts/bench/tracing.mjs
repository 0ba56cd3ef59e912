// Tracing's cost on the money path (issue 29): the transfer-out load on a stack with tracing off,
// then on a stack exporting every span to a local OTLP receiver, alternating off and on in one run
// because this machine's speed drifts by the hour. Each round starts a fresh stack.
import { createServer } from 'node:http';
import { BenchApi } from './api.mjs';
import { benchMoneyPath } from './money-path.mjs';
import { bootstrapPlatform } from '../bootstrap.mjs';
import { startStack } from '../lib/stack.mjs';

/**
 * Tracing off; on with every trace sampled (the ConfigMap's setting); on with a tenth of the traces
 * sampled, a caller's sampling decision kept (what a busy deployment would set); on with none
 * sampled, which leaves what tracing costs before any span is recorded (the SDK, the patched modules,
 * the context carried across every await).
 */
const MODES = {
  off: {},
  on: {},
  sampled: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
  unsampled: { OTEL_TRACES_SAMPLER: 'always_off' },
};
/** The bound: tracing on costs at most this share of the throughput. */
const MAX_COST = 0.05;

export async function benchTracing({ env, log, logDir, root, rounds, durationSeconds, warmupSeconds }) {
  const sink = await startOtlpSink();
  const runs = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const [mode, sampling] of Object.entries(MODES)) {
        const modeEnv = mode === 'off' ? env : { ...env, ...sampling, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url };
        log(`tracing ${mode}, round ${round} of ${rounds}: starting a stack`);
        const stack = await startStack(modeEnv, { logDir, log });
        const spansBefore = sink.spans;
        try {
          const platform = await bootstrapPlatform(`bench-tracing-${mode}-${round}`, modeEnv);
          const api = new BenchApi(`http://127.0.0.1:${env.GATEWAY_PORT}`, platform.sandbox);
          const result = await benchMoneyPath({
            api,
            env: modeEnv,
            durationSeconds,
            warmupSeconds,
            log,
            root,
          });
          await api.close();
          runs.push({ mode, round, ...result, spansExported: sink.spans - spansBefore });
        } finally {
          await stack.stop();
        }
      }
    }
  } finally {
    await sink.stop();
  }
  return { runs, maxCost: MAX_COST };
}

export function summarizeTracing({ runs, maxCost }) {
  const mean = (mode, field) => {
    const own = runs.filter((run) => run.mode === mode);
    return own.reduce((sum, run) => sum + run[field], 0) / own.length;
  };
  const off = mean('off', 'completedPerSecond');
  const costOf = (mode) => {
    const traced = mean(mode, 'completedPerSecond');
    const cost = off > 0 ? 1 - traced / off : 0;
    return (
      `  ${mode}: ${traced.toFixed(1)}/s against off ${off.toFixed(1)}/s, tracing costs ${(cost * 100).toFixed(1)}% ` +
      `of the throughput (target at most ${maxCost * 100}%: ${cost <= maxCost ? 'met' : 'NOT met'})`
    );
  };
  return [
    `tracing off, on, sampled at 0.1 and sampling none (transfer-out, ${runs.length / Object.keys(MODES).length} alternating rounds each, spans exported to a local OTLP receiver):`,
    ...runs.map(
      (run) =>
        `  ${run.mode} round ${run.round}: ${run.completedPerSecond} payments/s, API p50 ${run.apiP50Ms} ms, p99 ${run.apiP99Ms} ms, ` +
        `to webhook p50 ${run.webhookP50Ms} ms, lost ${run.lost}, spans exported ${run.spansExported}`,
    ),
    ...Object.keys(MODES)
      .filter((mode) => mode !== 'off')
      .map(costOf),
  ];
}

/** Takes OTLP/HTTP JSON exports and counts their spans, as a Collector's receiver would take them. */
async function startOtlpSink() {
  /** @type {{ spans: number, url: string, stop: () => Promise<void> }} */
  const sink = { spans: 0, url: '', stop: async () => undefined };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        for (const { scopeSpans } of JSON.parse(Buffer.concat(chunks).toString()).resourceSpans ?? [])
          for (const { spans } of scopeSpans) sink.spans += spans.length;
      } catch {
        // Not JSON: still answered, as a receiver that cannot count it would.
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await /** @type {Promise<void>} */ (
    new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  );
  sink.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  sink.stop = () => /** @type {Promise<void>} */ (new Promise((resolve) => server.close(() => resolve())));
  return sink;
}
