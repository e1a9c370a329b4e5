/**
 * `npm run staff:add -- --email E --name N --role admin`: makes a staff account of the studio
 * (issue 24) in the database the server uses (DATA_DIR/portal.db, or DATABASE_URL). This is how
 * the first admin is made: there is no default account and no default password.
 *
 * The password is read from STAFF_PASSWORD, or asked twice on a terminal (not echoed); it must
 * pass the strength rules (src/server/studio/passwords.ts). The TOTP secret is made here and its
 * otpauth:// URI printed once, for the staff member's authenticator app; it is not shown again.
 * Roles: editor, approver, client_manager, admin. Whoever runs it holds the server (and its key):
 * it is how the first admin, and a second admin to approve roles, are made; every account it makes
 * is in the audit log as `staff.create` with `via: staff:add` and no staff member.
 */
import { parseArgs } from 'node:util';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  type PasswordProblem,
} from '../src/server/studio/passwords';
import { recordAudit } from '../src/server/studio/audit';
import { STAFF_ROLES, createStaff, isStaffRole } from '../src/server/studio/staff';
import { withServerDatabase } from './lib/server-database';

const USAGE = `Usage: npm run staff:add -- --email EMAIL --name "NAME" --role ${STAFF_ROLES.join('|')}
The password is read from STAFF_PASSWORD, or asked on the terminal.`;

const PROBLEMS: Record<PasswordProblem, string> = {
  tooShort: `The password is too short: it needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password is too long: at most ${PASSWORD_MAX_LENGTH} characters.`,
  oneClass:
    'The password is all of one kind: mix at least two of lower case, upper case, digits and symbols.',
};

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(question);
    let text = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolve(text);
          return;
        }
        if (char === '\u0003') {
          input.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    fail('No password: set STAFF_PASSWORD, or run on a terminal to be asked for it.');
  }
  for (;;) {
    const first = await askHidden('Password: ');
    const problem = passwordProblem(first);
    if (problem) {
      console.error(PROBLEMS[problem]);
      continue;
    }
    const again = await askHidden('Password again: ');
    if (again === first) return first;
    console.error('The two passwords differ; try again.');
  }
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();
const { email, name, role } = values;
if (!email || !name || !role) fail(USAGE);
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
  fail(`Not an email address: ${email}`);
}
if (name.trim() === '' || name.length > 100) fail('The name must have 1 to 100 characters.');
if (!isStaffRole(role)) fail(`Unknown role ${role}: one of ${STAFF_ROLES.join(', ')}.`);

const password = await readPassword();
const problem = passwordProblem(password);
if (problem) fail(PROBLEMS[problem]);

const exitCode = await withServerDatabase(async (database, keys) => {
  const result = await createStaff(
    database.db,
    keys.totpKey,
    { email, name, role, password },
    new Date(),
  );
  if (result.ok) {
    // Made on the server, not through the studio's four eyes: the audit log says so.
    await recordAudit(database.db, new Date(), {
      staffId: null,
      action: 'staff.create',
      subject: result.email,
      detail: { id: result.id, name: name.trim(), role, via: 'staff:add' },
    });
    console.log(`Staff account ${result.email} (${role}) made in ${database.location}.`);
    console.log('Add this to the authenticator app now; it is not shown again:');
    console.log(result.otpauthUri);
    return 0;
  }
  if (result.problem === 'emailTaken') {
    console.error(`A staff account with the email ${email.toLowerCase()} already exists.`);
  } else {
    console.error(PROBLEMS[result.problem]);
  }
  return 1;
});
process.exit(exitCode);
