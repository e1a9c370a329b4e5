/**
 * The host's cost of a page fault, for the benchmarks' headers. A page load in a new tab starts a
 * renderer process that touches its memory for the first time (a blank page takes about 30,000
 * minor faults in Debian Chromium, our pages about 10,000 more), and on some virtual machines
 * each first touch costs ten times what it does on others: Lighthouse's figures for the same
 * build then differ by a whole grade (2026-12-04: about 12 µs per fault, /login's TBT 560 ms,
 * where a build scored 100 with TBT 49 ms on 2026-11-28), while warm figures such as typing or
 * stage changes do not move. Printed beside the load average, it tells such runs apart.
 */

/** The pages first touched by `pageFaultMicros`: 64 MiB of 4 KiB pages. */
export const PROBE_PAGES = 16_384;

/**
 * Microseconds per first touch of a 4 KiB page (a minor fault: the kernel maps and zeroes it),
 * the median of `rounds` fresh buffers; `touch` is the work timed (a test gives its own).
 */
export function pageFaultMicros(
  rounds = 3,
  touch: (pages: number) => void = touchFreshPages,
): number {
  const micros: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = process.hrtime.bigint();
    touch(PROBE_PAGES);
    micros.push(Number(process.hrtime.bigint() - start) / 1000 / PROBE_PAGES);
  }
  micros.sort((a, b) => a - b);
  return micros[Math.floor(micros.length / 2)] ?? Number.NaN;
}

/** Writes one byte into each page of a buffer the process has not touched yet. */
function touchFreshPages(pages: number): void {
  // allocUnsafeSlow: memory straight from the allocator, not from Node's pool, so untouched.
  const buffer = Buffer.allocUnsafeSlow(pages * 4096);
  for (let offset = 0; offset < buffer.length; offset += 4096) buffer[offset] = 1;
}

/** The header's words: `page faults 12.1 µs each (first touch of 64 MiB)`. */
export function pageFaultLine(micros = pageFaultMicros()): string {
  return `page faults ${micros.toFixed(1)} µs each (first touch of ${(PROBE_PAGES * 4) / 1024} MiB)`;
}
