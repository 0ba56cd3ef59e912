// What the apps logged about their consumers and workers during a failed run: CI keeps only what the
// suite prints, not the apps' log files, and a stalled consumer shows in no request's answer.
import { readdirSync, readFileSync } from 'node:fs';

/** Warnings and errors about consumers, producers, the outbox, crashes, restarts, parked items and systemic faults. */
const TELLING = /crash|consumer|producer|outbox|restart|stalled|systemic|parked|unhandled|uncaught/i;
const LINES_PER_APP = 15;
const LINE_CHARS = 260;

/** Per app log in `logDir`, the last telling lines (pino JSON, level warn and up) written since `sinceMs`. */
export function appLogDigest(logDir, sinceMs) {
  return readdirSync(logDir)
    .filter((file) => file.endsWith('.log'))
    .flatMap((file) => {
      const app = file.slice(0, -'.log'.length);
      const telling = readFileSync(`${logDir}/${file}`, 'utf8')
        .split('\n')
        .map((line) => tellingLine(line, sinceMs))
        .filter((line) => line !== undefined);
      return telling.slice(-LINES_PER_APP).map((line) => `${app}: ${line}`);
    });
}

/** The line in short, or undefined when it is not JSON, too old, below warn or says nothing telling. */
function tellingLine(raw, sinceMs) {
  let entry;
  try {
    entry = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null || entry.level < 40 || entry.time < sinceMs)
    return undefined;
  const error = entry.err?.message ?? entry.error ?? '';
  const text = `${entry.context ?? ''} ${entry.msg ?? ''}${error ? `: ${error}` : ''}`;
  if (!TELLING.test(text)) return undefined;
  return `${new Date(entry.time).toISOString()} ${text.trim()}`.slice(0, LINE_CHARS);
}
