import { describe, expect, it } from 'vitest';
import { leakedSecrets, linesWithSecret } from '../leaks';

describe('secrets in logs (tests/leaks.ts)', () => {
  it('does not take the digits of a timestamp or a timing for a secret', () => {
    const lines = [
      '{"level":30,"time":1795404008765,"msg":"request completed"}',
      '{"responseTime":0.8765,"reqId":"req-18765a"}',
      '{"id":"a18765b","zip":"87650"}',
    ];
    expect(linesWithSecret(lines, '8765')).toEqual([]);
  });

  it('finds a secret logged as a string value, alone or inside a text', () => {
    expect(linesWithSecret(['{"body":{"ssn":"8765"}}'], '8765')).toHaveLength(1);
    expect(linesWithSecret(['{"msg":"ssn 8765 given"}'], '8765')).toHaveLength(1);
    expect(linesWithSecret(['{"url":"/x?ssn=8765&a=1"}'], '8765')).toHaveLength(1);
    expect(linesWithSecret(['{"msg":"born 1966-07-08."}'], '1966-07-08')).toHaveLength(1);
  });

  it('finds a secret logged as a number, deep in arrays and objects', () => {
    expect(linesWithSecret(['{"a":[{"b":{"ssn":8765}}]}'], '8765')).toHaveLength(1);
    expect(linesWithSecret(['{"card":4111111111111111}'], '4111111111111111')).toHaveLength(1);
    expect(linesWithSecret(['{"card":"4111111111111111"}'], '4111111111111111')).toHaveLength(1);
  });

  it('searches a line that is not JSON as text', () => {
    expect(linesWithSecret(['plain 8765 text'], '8765')).toHaveLength(1);
    expect(linesWithSecret(['plain 18765 text'], '8765')).toEqual([]);
  });

  it('lists each leaked secret with the first line that holds it', () => {
    const lines = ['{"time":1795404008765}', '{"token":"eyJhbGciOi.abc.def"}'];
    expect(leakedSecrets(lines, ['8765', 'eyJhbGciOi.abc.def'])).toEqual([
      { secret: 'eyJhbGciOi.abc.def', line: lines[1] },
    ]);
  });
});
