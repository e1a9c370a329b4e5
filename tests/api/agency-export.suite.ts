/**
 * The agency's daily files (issue 42; src/server/events/export.ts): a debtor's changes made
 * through the API land, once each, in the CSV of their kind and in events.jsonl; the day is the
 * agency's (an event at 23:30 in Chicago is that day's although UTC has moved on); two runs write
 * the same bytes; the manifest's counts and SHA-256 sums are the files'; no SSN, date of birth or
 * full card number anywhere. The server's clock is the test's, so the events fall on a day of the
 * test's choosing; other suites' events on the same day are told apart by account number.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInAgencyZone, zonedInstant } from '../../src/domain/dates';
import { EXPORT_FILES } from '../../src/server/events/export-files';
import { exportDay, type ExportManifest } from '../../src/server/events/export';
import { call, startServer, tempDir, type DatabaseFactory, type RunningServer } from './harness';
import { CARDS, addCard, importFixture, signIn, type Person } from './payments-fixtures';
import { clearLockout } from './debtor-fixtures';

const ZONE = 'America/Chicago';
const XAVI: Person = { lastName: 'Exportfixture', ssn: '4862', dob: '1968-03-21' };
const ACCOUNTS = ['AXE1.10001', 'AXE1.10002'];

const fixture = {
  debtors: [
    {
      key: 'export-xavi',
      firstName: 'Xavi',
      lastName: XAVI.lastName,
      ssnLast4: XAVI.ssn,
      dateOfBirth: XAVI.dob,
      addressLine1: '1 Ledger Row',
      city: 'Peoria',
      state: 'IL',
      zip: '61602',
      email: 'xavi@example.com',
      accounts: ACCOUNTS.map((accountNumber) => ({
        accountNumber,
        clientId: 'NWB',
        creditorName: 'Northwind Bank',
        balance: 800,
        originalBalance: 800,
        statusCode: 'ACT',
        dateOfReferral: 'today-30',
        lastUpdateDate: 'today-5',
      })),
    },
  ],
};

type Row = Record<string, string>;

const csvRows = (dir: string, name: string): Row[] =>
  parse(readFileSync(path.join(dir, name)), { columns: true }) as Row[];
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const ours = (rows: Row[]) => rows.filter((r) => ACCOUNTS.includes(r.account_number ?? ''));

export function agencyExportSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`agency daily export on ${dialect}`, () => {
    let server: RunningServer;
    const out = tempDir('agency-export-');
    // Two days back in the agency's day: 23:30 there (05:30 UTC the next day) is in the past.
    const day = addDays(todayInAgencyZone(new Date(), ZONE), -2);
    let clock = zonedInstant(day, 10, 0, ZONE).getTime();
    const late = zonedInstant(day, 23, 30, ZONE);
    let confirmation = '';

    const exportTo = (name: string, date = day, clientId: string | null = null) =>
      exportDay(server.database.db, path.join(out.dir, name), {
        date,
        timeZone: ZONE,
        clientId,
        batchSize: 7,
      });

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: () => new Date(clock) });
      await importFixture(server.database.db, fixture);
      await clearLockout(server);
      const token = await signIn(server, XAVI);
      // Two debtor-wide changes (one event per account each), a card added and removed, a dispute.
      const prefs = await call(server, '/api/Debtor/SetCommunicationPreferences', {
        token,
        body: { emails: false, letters: true, texts: false, emailAddress: 'xavi.new@example.com' },
      });
      expect(prefs.status, prefs.text).toBe(200);
      const details = await call(server, '/api/Account/UpdateDebtorDetails', {
        token,
        body: {
          firstName: 'Xavi',
          lastName: XAVI.lastName,
          addressLine1: '2 Ledger Row',
          addressLine2: '',
          city: 'Peoria',
          state: 'IL',
          zip: '61602',
          email: 'xavi.new@example.com',
        },
      });
      expect(details.status, details.text).toBe(200);
      const card = await addCard(server, token, ACCOUNTS[0] ?? '', CARDS.visaCredit);
      const removed = await call(
        server,
        `/api/Debtor/FundingMethod?accountNumber=${ACCOUNTS[0]}&fundingId=${card.id}`,
        { token, method: 'DELETE' },
      );
      expect(removed.status, removed.text).toBeLessThan(300);
      // At 23:30 on the agency's clock: UTC is already the next day.
      clock = late.getTime();
      const lateToken = await signIn(server, XAVI);
      const dispute = await call<{ confirmation?: string }>(
        server,
        '/api/v2/Account/SubmitDispute',
        {
          token: lateToken,
          body: { accountNumber: ACCOUNTS[1], incorrectBalance: true, termsAccepted: true },
        },
      );
      expect(dispute.status, dispute.text).toBe(200);
      const row = await server.database.db
        .selectFrom('disputes')
        .innerJoin('accounts', 'accounts.id', 'disputes.account_id')
        .select('disputes.confirmation')
        .where('accounts.account_number', '=', ACCOUNTS[1] ?? '')
        .executeTakeFirstOrThrow();
      confirmation = row.confirmation;
    });
    afterAll(async () => {
      await server?.close();
      out.remove();
    });

    it('writes each change once, in the file of its kind, with the day in the agency zone', async () => {
      const manifest = await exportTo('first');
      const dir = path.join(out.dir, 'first');
      expect(manifest).toMatchObject({ date: day, timeZone: ZONE, client: null });
      expect(manifest.from).toBe(zonedInstant(day, 0, 0, ZONE).toISOString());
      expect(readdirSync(dir).sort()).toEqual(
        [...EXPORT_FILES.map((f) => f.name), 'events.jsonl', 'manifest.json'].sort(),
      );
      const contacts = ours(csvRows(dir, 'contacts.csv'));
      expect(contacts.map((r) => [r.type, r.account_number])).toEqual([
        ['debtor.preferences_changed', ACCOUNTS[0]],
        ['debtor.preferences_changed', ACCOUNTS[1]],
        ['debtor.contact_changed', ACCOUNTS[0]],
        ['debtor.contact_changed', ACCOUNTS[1]],
      ]);
      expect(contacts[0]).toMatchObject({ emails: 'false', texts: 'false', letters: 'true' });
      expect(contacts[2]).toMatchObject({ address_line1: '2 Ledger Row', city: 'Peoria' });
      const methods = ours(csvRows(dir, 'payment-methods.csv'));
      expect(methods.map((r) => r.type)).toEqual([
        'payment_method.added',
        'payment_method.removed',
      ]);
      expect(methods[0]).toMatchObject({ method_kind: 'card', method_last4: '1111' });
      // The dispute at 23:30 Chicago time: created the next day in UTC, exported on `day`.
      const disputes = ours(csvRows(dir, 'disputes.csv'));
      expect(disputes).toHaveLength(1);
      expect(disputes[0]).toMatchObject({
        type: 'dispute.filed',
        confirmation,
        account_number: ACCOUNTS[1],
        agency_date: day,
        reasons: '["incorrectBalance"]',
      });
      expect(disputes[0]?.created_at?.slice(0, 10)).toBe(addDays(day, 1));
      const next = await exportTo('next-day', addDays(day, 1));
      const nextRows = EXPORT_FILES.flatMap((f) =>
        ours(csvRows(path.join(out.dir, 'next-day'), f.name)),
      );
      expect(nextRows).toEqual([]);
      expect(next.date).toBe(addDays(day, 1));
      // events.jsonl: each of ours once, sorted by cursor as every file is.
      const lines = readFileSync(path.join(dir, 'events.jsonl'), 'utf8').trim().split('\n');
      const events = lines.map((l) => JSON.parse(l) as { cursor: number; accountNumber: string });
      expect(events.filter((e) => ACCOUNTS.includes(e.accountNumber))).toHaveLength(7);
      const cursors = events.map((e) => e.cursor);
      expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
      for (const f of EXPORT_FILES) {
        const fileCursors = csvRows(dir, f.name).map((r) => Number(r.cursor));
        expect(fileCursors).toEqual([...fileCursors].sort((a, b) => a - b));
      }
    });

    it('writes the same bytes twice, and a manifest whose counts and sums are the files', async () => {
      const one = await exportTo('one');
      const two = await exportTo('two');
      expect(two).toEqual(one);
      const check = (manifest: ExportManifest, dir: string) => {
        let csvTotal = 0;
        for (const file of manifest.files) {
          const full = path.join(out.dir, dir, file.name);
          expect(sha256(full), file.name).toBe(file.sha256);
          expect(readFileSync(full).length, file.name).toBe(file.bytes);
          const rows =
            file.name === 'events.jsonl'
              ? readFileSync(full, 'utf8').split('\n').filter(Boolean).length
              : csvRows(path.join(out.dir, dir), file.name).length;
          expect(rows, file.name).toBe(file.rows);
          if (file.name !== 'events.jsonl') csvTotal += rows;
        }
        expect(csvTotal).toBe(manifest.total);
        expect(manifest.files.find((f) => f.name === 'events.jsonl')?.rows).toBe(manifest.total);
        const written = JSON.parse(readFileSync(path.join(out.dir, dir, 'manifest.json'), 'utf8'));
        expect(written).toEqual(manifest);
      };
      check(one, 'one');
      check(two, 'two');
      for (const name of [...EXPORT_FILES.map((f) => f.name), 'events.jsonl', 'manifest.json']) {
        expect(sha256(path.join(out.dir, 'two', name)), name).toBe(
          sha256(path.join(out.dir, 'one', name)),
        );
      }
      expect(one.total).toBeGreaterThanOrEqual(7);
    });

    it('writes headers only and counts 0 for a day without events, and filters by client', async () => {
      const empty = await exportTo('empty', '2001-02-03');
      expect(empty.total).toBe(0);
      for (const file of empty.files) {
        expect(file.rows).toBe(0);
        const text = readFileSync(path.join(out.dir, 'empty', file.name), 'utf8');
        const f = EXPORT_FILES.find((e) => e.name === file.name);
        expect(text).toBe(f ? `${f.columns.map((c) => c.name).join(',')}\n` : '');
      }
      const other = await exportTo('other-client', day, 'ADW');
      expect(other.client).toBe('ADW');
      const dir = path.join(out.dir, 'other-client');
      expect(EXPORT_FILES.flatMap((f) => ours(csvRows(dir, f.name)))).toEqual([]);
      const nwb = await exportTo('nwb', day, 'NWB');
      const nwbRows = EXPORT_FILES.flatMap((f) => csvRows(path.join(out.dir, 'nwb'), f.name));
      expect(nwbRows.every((r) => r.client === 'NWB')).toBe(true);
      expect(ours(nwbRows)).toHaveLength(7);
      expect(nwb.total).toBe(nwbRows.length);
    });

    it('holds no SSN, date of birth or full card number', async () => {
      await exportTo('private');
      const dir = path.join(out.dir, 'private');
      const debtor = await server.database.db
        .selectFrom('debtors')
        .selectAll()
        .where('last_name', '=', XAVI.lastName)
        .executeTakeFirstOrThrow();
      const secrets = [
        XAVI.dob,
        '03/21/1968',
        ...Object.values(CARDS),
        debtor.ssn_last4_hmac ?? 'none',
        debtor.dob_hmac ?? 'none',
      ];
      for (const name of readdirSync(dir)) {
        const text = readFileSync(path.join(dir, name), 'utf8');
        for (const secret of secrets) expect(text, `${name}: ${secret}`).not.toContain(secret);
        expect(text, name).not.toMatch(/ssn|socialSecurity|dateOfBirth|date_of_birth/i);
      }
    });
  });
}
