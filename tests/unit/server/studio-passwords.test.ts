/**
 * The staff studio's password rules (issue 24; used by `npm run staff:add` and POST
 * /studio/api/staff), scrypt hashing, TOTP codes and the audit CSV cells.
 */
import { describe, expect, it } from 'vitest';
import { auditCsv, csvCell } from '../../../src/server/studio/audit';
import {
  hashPassword,
  passwordProblem,
  verifyPassword,
} from '../../../src/server/studio/passwords';
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  newTotpSecret,
  totpCode,
  totpUri,
} from '../../../src/server/studio/totp';

describe('staff password rules', () => {
  it('refuses fewer than 12 characters, more than 200, and passwords of one character class', () => {
    expect(passwordProblem('')).toBe('tooShort');
    expect(passwordProblem('Abcdefgh1!x')).toBe('tooShort');
    expect(passwordProblem('x'.repeat(201) + 'A')).toBe('tooLong');
    expect(passwordProblem('abcdefghijkl')).toBe('oneClass');
    expect(passwordProblem('ABCDEFGHIJKL')).toBe('oneClass');
    expect(passwordProblem('123456789012')).toBe('oneClass');
    expect(passwordProblem('!!!!!!!!!!!!')).toBe('oneClass');
    expect(passwordProblem('ñandúcigüeña')).toBe('oneClass');
  });

  it('takes 12 characters of two classes or more, counting characters, not bytes', () => {
    expect(passwordProblem('abcdefghijk1')).toBeNull();
    expect(passwordProblem('correct horse battery')).toBeNull();
    expect(passwordProblem('Ñandú-cigüeña')).toBeNull();
    expect(passwordProblem('😀😀😀😀😀😀😀😀😀😀😀a')).toBeNull();
    expect(passwordProblem('😀😀😀😀😀a')).toBe('tooShort');
  });
});

describe('scrypt password hashes', () => {
  it('verify the password they were made of and nothing else; each has its own salt', async () => {
    const hash = await hashPassword('Studio pass 2026!');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('Studio pass 2026!', hash)).toBe(true);
    expect(await verifyPassword('Studio pass 2026?', hash)).toBe(false);
    expect(await verifyPassword('Studio pass 2026!', 'bcrypt$x')).toBe(false);
    expect(await hashPassword('Studio pass 2026!')).not.toBe(hash);
    // scrypt at OWASP's cost takes a while on a busy machine.
  }, 60_000);
});

describe('TOTP', () => {
  it('accepts the code of now and one step either side, once; the secret round-trips encrypted', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-27T15:00:10Z');
    const step = Math.floor(at.getTime() / 30_000);
    expect(acceptedStep(secret, totpCode(secret, at), at, null)).toBe(step);
    const before = new Date(at.getTime() - 30_000);
    expect(acceptedStep(secret, totpCode(secret, before), at, null)).toBe(step - 1);
    const old = new Date(at.getTime() - 90_000);
    expect(acceptedStep(secret, totpCode(secret, old), at, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, at), at, step)).toBeNull();
    expect(totpUri(secret, 'a@b.example')).toContain(`secret=${secret}`);
    const key = Buffer.alloc(32, 7);
    const stored = encryptSecret(key, secret);
    expect(stored).not.toContain(secret);
    expect(decryptSecret(key, stored)).toBe(secret);
    expect(() => decryptSecret(Buffer.alloc(32, 8), stored)).toThrow();
  });
});

describe('audit CSV', () => {
  it('quotes commas, quotes and line breaks, and disarms cells that start a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('writes a header row and one line per entry', () => {
    const csv = auditCsv([
      {
        id: 1,
        at: '2026-11-27T15:00:00.000Z',
        staffId: 2,
        staffEmail: 'a@b.example',
        action: 'staff.create',
        subject: '@evil',
        detail: { name: 'x' },
        ip: '10.0.0.1',
      },
    ]);
    expect(csv).toBe(
      'id,at,staffId,staffEmail,action,subject,detail,ip\r\n' +
        `1,2026-11-27T15:00:00.000Z,2,a@b.example,staff.create,'@evil,"{""name"":""x""}",10.0.0.1\r\n`,
    );
  });
});
