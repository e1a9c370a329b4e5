/**
 * For code that starts the portal's server as a child process (scripts, the crash tests): a free
 * port to give it and a wait until it answers.
 */
import { createServer } from 'node:net';

/** A port nothing listens on at 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Asks `${base}/api/health` every 100 ms: true once it answers 2xx, false when `timeoutMs` have
 * passed or `gone()` says the server will not answer (it has exited).
 */
export async function answersHealth(
  base: string,
  timeoutMs: number,
  gone: () => boolean = () => false,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone()) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
