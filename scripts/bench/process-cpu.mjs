// CPU time each part of the stack took during a measurement, from /proc/<pid>/stat (user + system
// time): each app by its entry (dist/apps/<name>/), PostgreSQL, Kafka, Redis and the bench itself
// (the load generator and its webhook receiver). Divided by the payments completed, it is the CPU
// each part spends per payment: where a saturated machine's time goes.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

/** The part of the stack a process belongs to, or undefined for the rest of the machine. */
export function partOf(pid, comm, cmdline) {
  if (pid === process.pid) return 'bench (load and receiver)';
  const app = /\/dist\/apps\/([\w-]+)\//.exec(cmdline)?.[1];
  if (app) return app;
  if (comm === 'postgres') return 'postgres';
  if (comm === 'redis-server') return 'redis';
  if (cmdline.includes('kafka.Kafka')) return 'kafka';
  return undefined;
}

/** utime + stime of each process of the stack, in ticks, by pid. */
function snapshot() {
  const processes = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // comm is in parentheses and may hold spaces; the fields after it are space-separated.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const part = partOf(Number(entry), comm, cmdline);
      // fields[11] and [12] are utime and stime (fields 14 and 15 of proc(5)).
      if (part) processes.set(entry, { part, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while we read it
    }
  }
  return processes;
}

/** Starts measuring; `stop()` answers the CPU milliseconds of each part, or null without /proc. */
export function processCpuMeter() {
  let start;
  try {
    start = snapshot();
  } catch {
    return { stop: () => null };
  }
  return {
    stop() {
      const byPart = {};
      for (const [pid, { part, ticks }] of snapshot()) {
        // A process started during the window (a new Postgres backend) spent all its time in it.
        const spent = ticks - (start.get(pid)?.ticks ?? 0);
        byPart[part] = (byPart[part] ?? 0) + (spent * 1000) / TICKS_PER_SECOND;
      }
      return byPart;
    },
  };
}

/**
 * A summary line: CPU ms per payment by part, largest first, and their sum.
 * @param {Record<string, number> | null} cpuMsByPart
 * @param {number} completed
 */
export function describeCpuPerPayment(cpuMsByPart, completed) {
  if (!cpuMsByPart || completed === 0) return [];
  const perPayment = Object.entries(cpuMsByPart)
    .map(([part, ms]) => /** @type {[string, number]} */ ([part, ms / completed]))
    .sort(([, a], [, b]) => b - a);
  const total = perPayment.reduce((sum, [, ms]) => sum + ms, 0);
  return [
    `  CPU per payment: ${total.toFixed(2)} ms (${perPayment.map(([part, ms]) => `${part} ${ms.toFixed(2)}`).join(', ')})`,
  ];
}
