// One phase of the suite: load from every platform, a fault injected a few seconds in, the load kept
// up until the phase's time is over and the service answers again, then every client's last payment
// finished (retries included) so that the phase's requests can be checked on their own.
import { setTimeout as sleep } from 'node:timers/promises';
import { startLoad } from './load.mjs';

const LEAD_MS = 3_000;
const APPS_BACK_TIMEOUT_MS = 120_000;
const RECOVERY_TIMEOUT_MS = 90_000;
/** Load kept up after the first success following the fault, however long the recovery took. */
const AFTER_RECOVERY_MS = 3_000;

/**
 * Runs `fault` under load for about `loadMs`; answers the phase: its requests and the times of the
 * injection, of the first successful request sent after it, and of every app answering /ready again.
 */
export async function runPhase({ fault, context, loadMs }) {
  /** @type {{ fault: string, requests: Record<string, any>[], answers: object, injectedAt?: number, appsBackAt?: number, recoveredAt?: number }} */
  const phase = { fault: fault.name, requests: [], answers: {} };
  context.currentPhase = phase;
  const load = startLoad(context.platforms, phase.requests);
  try {
    await sleep(LEAD_MS);
    phase.injectedAt = Date.now();
    await fault.inject(context);
    await context.stack
      .ready(APPS_BACK_TIMEOUT_MS)
      .catch((error) => context.log(`not every app is back: ${error.message}`));
    phase.appsBackAt = Date.now();
    for (const deadline = Date.now() + RECOVERY_TIMEOUT_MS; !phase.recoveredAt && Date.now() < deadline;)
      await sleep(100);
    const phaseEnd = phase.injectedAt - LEAD_MS + loadMs;
    await sleep(
      Math.max(phaseEnd - Date.now(), (phase.recoveredAt ?? Date.now()) + AFTER_RECOVERY_MS - Date.now(), 0),
    );
  } finally {
    await load.stop();
    context.currentPhase = undefined;
  }
  for (const request of phase.requests) request.phase = phase.fault;
  return phase;
}

/**
 * For the clients' onAnswer: counts the phase's answers by status (0: no answer) and marks the
 * recovery at the first 2xx to a request sent after the injection.
 */
export function noteAnswer(context, { sentAt, answeredAt, status }) {
  const phase = context.currentPhase;
  if (!phase) return;
  phase.answers[status] = (phase.answers[status] ?? 0) + 1;
  if (!phase.injectedAt || phase.recoveredAt || sentAt < phase.injectedAt) return;
  if (status >= 200 && status < 300) phase.recoveredAt = answeredAt;
}
