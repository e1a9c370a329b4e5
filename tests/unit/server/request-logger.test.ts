/**
 * Each request's logger (requestLogger, app.ts) writes the lines pino's own child logger writes,
 * with the server's redaction, while binding the request id without running it through pino's
 * redaction.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, requestLogger } from '../../../src/server/http/logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino(
    {
      level: 'trace',
      timestamp: false,
      base: { pid: 7, hostname: 'host' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    stream,
  );
  return { logger, lines };
}

const logged = {
  req: { headers: { authorization: 'Bearer x', host: 'h' }, body: { cardNumber: '4111' } },
  user: { socialSecurityNumber: '123456789', name: 'n' },
  reqId: 'own',
};

function linesOf(make: (logger: pino.Logger) => pino.Logger): string[] {
  const { logger, lines } = capture();
  const child = make(logger);
  child.info(logged, 'incoming');
  child.warn('plain');
  child.child({ step: 'inner' }).error({ body: { accessToken: 't' } }, 'nested');
  expect(child.bindings()).toEqual(make(capture().logger).bindings());
  return lines;
}

describe('requestLogger', () => {
  it('writes the lines pino writes for a child bound to the request id', () => {
    for (const options of [{}, { level: 'warn' as const }]) {
      const ours = linesOf(
        (logger) => requestLogger(logger, { reqId: 'req-1a' }, options) as pino.Logger,
      );
      const pinos = linesOf((logger) => logger.child({ reqId: 'req-1a' }, options));
      expect(ours).toEqual(pinos);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours.join('\n')).toContain('"reqId":"req-1a"');
      expect(ours.join('\n')).not.toContain('4111');
    }
  });

  it('binds anything else the way pino does', () => {
    const bindings = [{ reqId: 7 }, { reqId: 'r', other: 'o' }, { reqId: { nested: true } }];
    for (const binding of bindings) {
      expect(linesOf((logger) => requestLogger(logger, binding, {}) as pino.Logger)).toEqual(
        linesOf((logger) => logger.child(binding, {})),
      );
    }
  });

  it('leaves a binding that a redaction path names to pino', () => {
    const redacting = () => {
      const { logger, lines } = capture();
      return { logger: logger.child({}, { redact: ['reqId'] }), lines };
    };
    const ours = redacting();
    requestLogger(ours.logger, { reqId: 'secret' }, {}).info('x');
    const pinos = redacting();
    pinos.logger.child({ reqId: 'secret' }, {}).info('x');
    expect(ours.lines).toEqual(pinos.lines);
    expect(ours.lines.join('\n')).not.toContain('secret');
  });

  it('leaves a logger that is not pino alone', () => {
    const silent = {
      child() {
        return silent;
      },
    } as unknown as pino.Logger;
    expect(requestLogger(silent, { reqId: 'req-1' }, {})).toBe(silent);
    expect(Object.getOwnPropertySymbols(silent)).toEqual([]);
  });
});
