/**
 * Time spent per phase of a streamed import, for profiling (`IMPORT_PROFILE=1 npm run db:import`):
 * `timed` adds a phase's wall time to its total, `profileReport` returns the totals (slowest first)
 * as lines for stderr. Off (no clock read) without IMPORT_PROFILE.
 */
import { readFileSync } from 'node:fs';

const enabled = process.env.IMPORT_PROFILE === '1';
const totals = new Map<string, { ms: number; count: number }>();

export async function timed<T>(phase: string, work: () => Promise<T> | T): Promise<T> {
  if (!enabled) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const total = totals.get(phase) ?? { ms: 0, count: 0 };
    total.ms += performance.now() - started;
    total.count += 1;
    totals.set(phase, total);
  }
}

export function profileReport(): string[] {
  return [...totals]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(
      ([phase, t]) =>
        `${(t.ms / 1000).toFixed(2).padStart(9)} s ${String(t.count).padStart(6)}x  ${phase}`,
    );
}

/** CPU seconds (user + system) of a process on this host, from /proc; null where unreadable. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command's ") ".
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The profile's closing lines: this process's CPU time and, given its pid, the database's. */
export function cpuReport(backendPid: number | null): string[] {
  if (!enabled) return [];
  const own = process.cpuUsage();
  const lines = [`${((own.user + own.system) / 1e6).toFixed(2).padStart(9)} s cpu  import process`];
  const backend = backendPid === null ? null : processCpuSeconds(backendPid);
  if (backend !== null) lines.push(`${backend.toFixed(2).padStart(9)} s cpu  database session`);
  return lines;
}
