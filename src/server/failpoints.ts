/**
 * Crash tests' hook: with `PORTAL_FAILPOINT=<name>` in its environment, the server process kills
 * itself (SIGKILL, no cleanup, as a power cut or an out-of-memory kill would) when it reaches the
 * point of that name. Without the variable this does nothing. The points are named where they are
 * placed (src/server/payments/submit.ts).
 */
export type Failpoint = 'after-reserve' | 'after-charge' | 'before-commit' | 'after-commit';

export function failpoint(name: Failpoint): void {
  if (process.env.PORTAL_FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}
