/**
 * A process's or thread's `stat` file under Linux /proc (proc(5)), for the benchmarks: its name,
 * parent and CPU time. The name is in parentheses and may hold spaces and parentheses itself, so
 * the fields are counted from the last `)`.
 */
import { readFileSync } from 'node:fs';

export interface ProcStat {
  /** The command name (`comm`), at most 15 bytes. */
  name: string;
  /** The parent's process id. */
  ppid: number;
  /** CPU time in user and in system (kernel) mode, ms (clock ticks of 10 ms). */
  user: number;
  system: number;
}

/** The fields of a `stat` file's text. */
export function parseProcStat(text: string): ProcStat {
  const close = text.lastIndexOf(')');
  // After the name: state (field 3), ppid (4), ..., utime (14), stime (15).
  const fields = text.slice(close + 2).split(' ');
  return {
    name: text.slice(text.indexOf('(') + 1, close),
    ppid: Number(fields[1]),
    user: Number(fields[11]) * 10,
    system: Number(fields[12]) * 10,
  };
}

/** `file` (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`) read, or undefined: no /proc, or
 * the process ended meanwhile. */
export function readProcStat(file: string): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
