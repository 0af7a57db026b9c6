import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time per request, split between the app server, PostgreSQL and the load generator (this
 * process), read from /proc (Linux). On a machine whose cores all three share, the sum sets the
 * highest rate the machine can reach: cores ÷ CPU per request. That ceiling separates "the code is
 * slow" from "this machine is full" when a rate budget is missed, and unlike latency it hardly moves
 * with other tenants of a shared host.
 */
export interface CpuPerRequest {
  /** Milliseconds of CPU per request. */
  serverMs: number;
  databaseMs: number;
  loadGeneratorMs: number;
  /** The rate at which the three together would keep every core busy. */
  ceilingRps: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of one process (not its children), in ms; 0 when it is gone or /proc is missing. */
function processCpuMs(pid: number): number {
  try {
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process on this machine (server or embedded): its CPU in ms, by pid. */
function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') byPid.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // The process ended while being read.
    }
  }
  return byPid;
}

/**
 * The CPU PostgreSQL's processes used between two readings: each live process's growth, all of a new
 * one's. Summing totals instead went negative when a busy process (a backend, an autovacuum worker)
 * ended in between and took its whole past with it.
 */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs()) total += Math.max(0, ms - (before.get(pid) ?? 0));
  return total;
}

export function cpuAvailable(): boolean {
  return fs.existsSync('/proc/self/stat');
}

/**
 * Starts counting; `stop(requests)` gives the CPU per request since. Backends that exit meanwhile take
 * their time with them, so the database figure is a lower bound (the app's pool keeps its connections).
 */
export function startCpuCount(serverPid: number): { stop(requests: number): CpuPerRequest | undefined } {
  if (!cpuAvailable()) return { stop: () => undefined };
  const server = processCpuMs(serverPid);
  const database = postgresCpuMs();
  const self = process.cpuUsage();
  return {
    stop(requests) {
      if (requests === 0) return undefined;
      const own = process.cpuUsage(self);
      const per = (ms: number) => Math.round((ms / requests) * 1000) / 1000;
      const serverMs = per(processCpuMs(serverPid) - server);
      const databaseMs = per(postgresCpuSince(database));
      const loadGeneratorMs = per((own.user + own.system) / 1000);
      const total = serverMs + databaseMs + loadGeneratorMs;
      return { serverMs, databaseMs, loadGeneratorMs, ceilingRps: total > 0 ? Math.round((os.availableParallelism() * 1000) / total) : 0 };
    },
  };
}

export function formatCpu(cpu: CpuPerRequest | undefined): string {
  if (!cpu) return '';
  return `cpu/req: app ${cpu.serverMs} + db ${cpu.databaseMs} + load ${cpu.loadGeneratorMs} ms → ceiling ${cpu.ceilingRps} req/s`;
}
