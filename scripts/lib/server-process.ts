/**
 * For code that starts the portal's server as a child process (scripts, the crash tests): a free
 * port to give it and a wait until it answers.
 */
import { createServer } from 'node:net';

/**
 * Node flags the portal's server runs with (`npm start`, bench:api). A young generation of 64 MB
 * a semi-space instead of V8's default 16: a request's garbage (parsed rows, mapped objects, the
 * response) dies in fewer scavenges. Measured with bench:api on 2 cores: Account/Detailed used
 * about 7% less server CPU a request (157-167 µs to 152-154), health about 5%; the heap grows by
 * at most 96 MB (three semi-spaces).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

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
