/**
 * Finds secrets (an SSN's last 4, a date of birth, a card number, a token) in logs and payloads as
 * values, not as stray digits: `8765` is inside the timestamp `1795404008765` and inside a random
 * id by chance, and neither is a leak. A JSON line is parsed and each of its values is looked at:
 * a string holds the secret when it appears there with no letter or digit glued to either end; a
 * number is the secret when it equals it. A line that is not JSON is searched the same way as a
 * whole.
 */
const ALNUM = /[0-9A-Za-z]/;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pattern(secret: string): RegExp {
  const before = ALNUM.test(secret[0] ?? '') ? '(?<![0-9A-Za-z])' : '';
  const after = ALNUM.test(secret.at(-1) ?? '') ? '(?![0-9A-Za-z])' : '';
  return new RegExp(`${before}${escape(secret)}${after}`);
}

function holds(value: unknown, secret: string, match: RegExp): boolean {
  if (typeof value === 'string') return match.test(value);
  if (typeof value === 'number') return String(value) === secret;
  if (Array.isArray(value)) return value.some((item) => holds(item, secret, match));
  if (value !== null && typeof value === 'object') {
    return Object.values(value).some((item) => holds(item, secret, match));
  }
  return false;
}

/** The lines (JSON or not) in which `secret` appears as a value. */
export function linesWithSecret(lines: readonly string[], secret: string): string[] {
  const match = pattern(secret);
  return lines.filter((line) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return match.test(line);
    }
    return holds(parsed, secret, match);
  });
}

/** Every secret of the list found as a value in `lines`, with the first line holding it. */
export function leakedSecrets(
  lines: readonly string[],
  secrets: readonly string[],
): { secret: string; line: string }[] {
  return secrets.flatMap((secret) => {
    const [line] = linesWithSecret(lines, secret);
    return line === undefined ? [] : [{ secret, line }];
  });
}
