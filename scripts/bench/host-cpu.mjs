// What the machine's CPUs did during a measurement, from Linux's /proc/stat: busy (user, system,
// interrupts), idle, and stolen (time the hypervisor gave to other guests while this one was ready
// to run). On the shared hosts of this kind the steal varies from none to most of a minute, so a
// figure is only comparable with others measured under as little of it.
import { readFileSync } from 'node:fs';

/** Starts measuring; `stop()` answers the shares in percent, or null where /proc/stat is missing. */
export function hostCpuMeter() {
  const start = cpuTicks();
  return {
    stop() {
      const end = cpuTicks();
      if (!start || !end) return null;
      const spent = Object.fromEntries(Object.keys(end).map((field) => [field, end[field] - start[field]]));
      const total = Object.values(spent).reduce((sum, ticks) => sum + ticks, 0);
      if (total <= 0) return null;
      const percent = (ticks) => Math.round((ticks / total) * 100);
      return {
        busyPercent: percent(spent.user + spent.nice + spent.system + spent.irq + spent.softirq),
        idlePercent: percent(spent.idle + spent.iowait),
        stealPercent: percent(spent.steal),
      };
    },
  };
}

/** A line for the summary, or nothing when the shares are unknown. */
export function describeHostCpu(hostCpu) {
  return hostCpu
    ? [
        `  host CPU during the load: busy ${hostCpu.busyPercent}%, idle ${hostCpu.idlePercent}%, stolen by the hypervisor ${hostCpu.stealPercent}%`,
      ]
    : [];
}

function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    return { user, nice, system, idle, iowait, irq, softirq, steal };
  } catch {
    return null;
  }
}
