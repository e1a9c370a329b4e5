/**
 * Evidence cannot change (issue 39, item 5), against a real server and database:
 *
 * - The database refuses an UPDATE and a DELETE (and a TRUNCATE on PostgreSQL) on every evidence
 *   table: payment authorizations and their revocations, plan changes (a cancellation here),
 *   disputes, bankruptcy notices and recorded forms.
 * - SubmitPayment and CancelPlan take only a content version in force at some moment since the
 *   session signed in: the current one, or one replaced after the sign-in. One replaced before the
 *   sign-in, or one never published (a number from the future), is 422 with a message in the
 *   caller's language, and nothing is recorded.
 * - An approval whose audit row cannot be written publishes nothing: no new content version, none
 *   served, and the draft is still submitted (the database is made to refuse that one insert).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, calendarDay } from '../../src/server/dates';
import type { FlowsTree } from '../../src/server/content/tree';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import {
  PAYER_CONTACT,
  importFixture,
  signIn as debtorSignIn,
  type ErrorBody,
  type SubmitAnswer,
} from './payments-fixtures';
import { MINUTE, TestClock, studioClient, type Session } from './studio-fixtures';

const person = { lastName: 'Appendonlyfixture', ssn: '2718', dob: '1969-07-20' };
const plan = (ref: string) => ({
  ref,
  type: 'PPA',
  amount: 500,
  active: true,
  beginBalance: 500,
  created: 'today-40',
  allowRemaining: true,
  modifiableOnline: true,
  payments: [
    { date: 'today-30', amount: 100, status: 'Paid', confirmation: `${ref}-01` },
    { date: 'today+5', amount: 100, status: 'PostDate' },
    { date: 'today+35', amount: 100, status: 'PostDate' },
    { date: 'today+65', amount: 100, status: 'PostDate' },
    { date: 'today+95', amount: 100, status: 'PostDate' },
  ],
});
const account = (accountNumber: string, withPlan = false) => ({
  accountNumber,
  clientId: 'NWB',
  creditorName: 'Northwind Bank',
  balance: withPlan ? 400 : 1000,
  originalBalance: withPlan ? 500 : 1000,
  ...(withPlan ? { totalPaid: 100 } : {}),
  statusCode: withPlan ? 'PPA' : 'ACT',
  dateOfReferral: 'today-30',
  lastUpdateDate: 'today-5',
  ...(withPlan ? { arrangements: [plan(accountNumber.slice(-2))] } : {}),
});
const fixture = {
  debtors: [
    {
      key: 'evidence-append-only-debtor',
      firstName: 'Ada',
      lastName: person.lastName,
      ssnLast4: person.ssn,
      dateOfBirth: person.dob,
      fundingMethods: [
        {
          ref: 'visa',
          type: 'card',
          brand: 'visa',
          last4: '0004',
          expiration: '2031-06',
          token: 'sbx_card_ok_appendonly1',
        },
      ],
      accounts: [
        account('EAO1.10001'),
        account('EAO1.10002'),
        account('EAO1.10003'),
        account('EAO1.10004'),
        account('EAO1.10005'),
        account('EAO1.10006', true),
      ],
    },
  ],
};

/** The evidence tables (migration 0017), each with a text column an UPDATE would change. */
const EVIDENCE: [table: string, column: string][] = [
  ['payment_authorizations', 'agreement_text'],
  ['payment_authorization_revocations', 'revoked_by'],
  ['plan_changes', 'statement'],
  ['disputes', 'message'],
  ['bankruptcies', 'case_number'],
  ['form_records', 'data'],
];

const copy = (tree: FlowsTree): FlowsTree => JSON.parse(JSON.stringify(tree)) as FlowsTree;

export function evidenceAppendOnlySuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`evidence cannot change on ${dialect}`, { timeout: 180_000 }, () => {
    const clock = new TestClock(Date.now());
    const tag = `append-only-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    let server: RunningServer;
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
    let token = '';
    let fundingId = 0;
    /** Replaced before the sign-in; in force at the sign-in and replaced after; current. */
    const versions = { before: 0, atSignIn: 0, current: 0 };

    const today = () => calendarDay(clock.now(), DEFAULT_TIME_ZONE);
    /** Publishes the served tree with the plan cancellation's statement marked `mark`. */
    const publishMarked = (mark: string) => {
      const tree = copy(server.app.content.current().tree);
      const texts = tree['content/plan-change.json'] as { cancel: { statement: { en: string } } };
      texts.cancel.statement.en += ` (${mark})`;
      return server.app.content.publish({
        tree,
        comment: `Evidence test ${mark}`,
        draftedBy: null,
        approvedBy: null,
      });
    };
    const pay = (accountNumber: string, contentVersion: number | undefined, lang = 'en') =>
      call<SubmitAnswer & ErrorBody>(server, '/api/v2/Account/SubmitPayment', {
        token,
        lang,
        body: {
          authorizationDisclosuresAccepted: true,
          firstName: 'Ada',
          lastName: person.lastName,
          ...PAYER_CONTACT,
          accountNumber,
          schedule: [{ date: today(), amount: 25 }],
          fundingId,
          type: 'PPA',
          paymentVariant: 'one-time',
          ...(contentVersion === undefined ? {} : { contentVersion }),
        },
      });
    const cancel = async (contentVersion: number, lang = 'en') => {
      const preview = await call<{ arrangementId: number }>(
        server,
        '/api/v2/Account/PlanCancellation?accountNumber=EAO1.10006',
        { token, lang },
      );
      expect(preview.status, preview.text).toBe(200);
      return call<{ confirmation: string; statement: string } & ErrorBody>(
        server,
        '/api/v2/Account/CancelPlan',
        {
          token,
          lang,
          body: {
            accountNumber: 'EAO1.10006',
            arrangementId: preview.body.arrangementId,
            confirmed: true,
            contentVersion,
          },
        },
      );
    };
    const count = async (table: 'payment_authorizations' | 'plan_changes') =>
      Number(
        (
          await server.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      await importFixture(server.database.db, fixture);
      const funding = await server.database.db
        .selectFrom('funding_methods')
        .innerJoin('debtors', 'debtors.id', 'funding_methods.debtor_id')
        .select('funding_methods.id')
        .where('debtors.external_key', '=', 'evidence-append-only-debtor')
        .executeTakeFirstOrThrow();
      fundingId = funding.id;
      // A version replaced before the sign-in, one in force at it and replaced after it.
      versions.before = await publishMarked('before');
      clock.advance(MINUTE);
      versions.atSignIn = await publishMarked('at sign-in');
      clock.advance(MINUTE);
      token = await debtorSignIn(server, person);
      clock.advance(MINUTE);
      versions.current = await publishMarked('current');
      clock.advance(MINUTE);
    });
    afterAll(async () => {
      await server.close();
    });

    it('refuses a content version replaced before the sign-in, or never published, with a 422', async () => {
      const payments = await count('payment_authorizations');
      for (const [lang, words] of [
        ['en', /not in force during your visit/],
        ['es', /no estaban vigentes durante su visita/],
      ] as const) {
        const old = await pay('EAO1.10001', versions.before, lang);
        expect(old.status, old.text).toBe(422);
        expect(old.body.message).toMatch(words);
      }
      // From the future: never published.
      const future = await pay('EAO1.10001', versions.current + 1);
      expect(future.status, future.text).toBe(422);
      expect(future.body.message).toMatch(/out of date/);
      expect(await count('payment_authorizations')).toBe(payments);

      const changes = await count('plan_changes');
      const oldCancel = await cancel(versions.before, 'es');
      expect(oldCancel.status, oldCancel.text).toBe(422);
      expect(oldCancel.body.message).toMatch(/no estaban vigentes durante su visita/);
      const futureCancel = await cancel(versions.current + 5);
      expect(futureCancel.status, futureCancel.text).toBe(422);
      expect(await count('plan_changes')).toBe(changes);
    });

    it('takes the current version, and one in force at the sign-in replaced since', async () => {
      const current = await pay('EAO1.10001', versions.current);
      expect(current.status, current.text).toBe(200);
      expect(current.body.paymentSubmission?.success, current.text).toBe(true);
      const replaced = await pay('EAO1.10002', versions.atSignIn);
      expect(replaced.status, replaced.text).toBe(200);
      expect(replaced.body.paymentSubmission?.success, replaced.text).toBe(true);
      const recorded = await server.database.db
        .selectFrom('payment_authorizations')
        .select('published_version')
        .where('confirmation', '=', replaced.body.paymentSubmission?.confirmation ?? '')
        .executeTakeFirstOrThrow();
      expect(recorded.published_version).toBe(versions.atSignIn);

      const cancelled = await cancel(versions.atSignIn);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.body.statement).toContain('(at sign-in)');
      expect(cancelled.body.statement).not.toContain('(current)');
    });

    it('refuses an UPDATE and a DELETE on every evidence table', async () => {
      const { db } = server.database;
      // A row in each table (the triggers act on rows): a dispute and a bankruptcy notice through
      // the API, a recorded form and a revocation written as the server writes them.
      const dispute = await call(server, '/api/v2/Account/SubmitDispute', {
        token,
        body: { accountNumber: 'EAO1.10003', notMyDebt: true, termsAccepted: true },
      });
      expect(dispute.status, dispute.text).toBe(200);
      const bankruptcy = await call(server, '/api/v2/Account/SubmitBankruptcy', {
        token,
        body: {
          accountNumber: 'EAO1.10004',
          chapter: 7,
          caseNumber: '25-bk-27182',
          fileDate: today(),
          jointFile: false,
          address1: '1 Ledger Row',
          city: 'Austin',
          state: 'TX',
          zip: '73301',
          finalVerify: true,
        },
      });
      expect(bankruptcy.status, bankruptcy.text).toBe(200);
      const debtor = await db
        .selectFrom('debtors')
        .select('id')
        .where('external_key', '=', 'evidence-append-only-debtor')
        .executeTakeFirstOrThrow();
      const stamp = clock.now().toISOString();
      await db
        .insertInto('form_records')
        .values({
          form: 'hardship',
          form_version: 'test',
          debtor_id: debtor.id,
          account_id: null,
          confirmation: `FRM-${tag}`,
          language: 'en',
          data: '{}',
          created_at: stamp,
          published_version: versions.current,
        })
        .execute();
      const authorization = await db
        .selectFrom('payment_authorizations')
        .select('id')
        .where('debtor_id', '=', debtor.id)
        .orderBy('id', 'asc')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('payment_authorization_revocations')
        .values({ authorization_id: authorization.id, revoked_at: stamp, revoked_by: 'TEST' })
        .execute();
      // A second revocation of the same authorization is refused too (revoked once).
      await expect(
        db
          .insertInto('payment_authorization_revocations')
          .values({ authorization_id: authorization.id, revoked_at: stamp, revoked_by: 'AGAIN' })
          .execute(),
      ).rejects.toThrow();

      for (const [table, column] of EVIDENCE) {
        const rows = async () =>
          (
            await sql<{
              n: number | string;
            }>`select count(*) as n from ${sql.table(table)}`.execute(db)
          ).rows[0]?.n;
        const before = await rows();
        expect(Number(before), table).toBeGreaterThan(0);
        await expect(
          sql`update ${sql.table(table)} set ${sql.ref(column)} = 'changed'`.execute(db),
          table,
        ).rejects.toThrow(new RegExp(`${table} is append-only`));
        await expect(sql`delete from ${sql.table(table)}`.execute(db), table).rejects.toThrow(
          /append-only/,
        );
        if (server.database.dialect === 'postgres') {
          await expect(
            sql`truncate ${sql.table(table)} cascade`.execute(db),
            table,
          ).rejects.toThrow(/append-only/);
        }
        expect(await rows(), table).toEqual(before);
        const changed = await sql<{
          n: number | string;
        }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = 'changed'`.execute(
          db,
        );
        expect(Number(changed.rows[0]?.n), table).toBe(0);
      }
    });

    it('publishes nothing when the approval cannot write its audit row', async () => {
      const { db } = server.database;
      const editor: Session = await signIn(await makeAccount('editor', 'editor'));
      const approver: Session = await signIn(await makeAccount('approver', 'approver'));
      const DISPUTE = 'forms/dispute.json';
      const file = await studio<{ json: Record<string, unknown> }>(
        `/content/file?path=${encodeURIComponent(DISPUTE)}`,
        { session: editor },
      );
      expect(file.status, file.text).toBe(200);
      const json = file.body.json as {
        fields: Record<string, { label: { en: string; es: string } }>;
      };
      json.fields.termsAccepted!.label = {
        en: 'I confirm this dispute is true (audited).',
        es: 'Confirmo que esta disputa es verdadera (auditada).',
      };
      const draft = await studio<{ id: number }>('/drafts', {
        session: editor,
        body: { title: 'Audited dispute terms' },
      });
      expect(draft.status, draft.text).toBe(201);
      const put = await studio(`/drafts/${draft.body.id}/file`, {
        session: editor,
        method: 'PUT',
        body: { path: DISPUTE, json },
      });
      expect(put.status, put.text).toBe(200);
      const submitted = await studio(`/drafts/${draft.body.id}/submit`, {
        session: editor,
        body: {},
      });
      expect(submitted.status, submitted.text).toBe(200);

      const newest = async () =>
        Number(
          (
            await db
              .selectFrom('content_versions')
              .select((eb) => eb.fn.max('version').as('v'))
              .executeTakeFirstOrThrow()
          ).v,
        );
      const before = await newest();
      const served = server.app.content.current().version;
      // The database refuses the publish's audit row, and only that one.
      const postgres = server.database.dialect === 'postgres';
      if (postgres) {
        await sql`create function test_refuse_publish_audit() returns trigger language plpgsql as $$
          begin
            if new.action = 'content.publish' then raise exception 'refused by the test'; end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger test_refuse_publish_audit before insert on audit_log
          for each row execute function test_refuse_publish_audit()`.execute(db);
      } else {
        await sql`create trigger test_refuse_publish_audit before insert on audit_log
          when new.action = 'content.publish'
          begin select raise(abort, 'refused by the test'); end`.execute(db);
      }
      try {
        const approved = await studio(`/drafts/${draft.body.id}/approve`, {
          session: approver,
          body: { comment: 'Audited wording' },
        });
        expect(approved.status, approved.text).toBe(500);
      } finally {
        if (postgres) {
          await sql`drop trigger test_refuse_publish_audit on audit_log`.execute(db);
          await sql`drop function test_refuse_publish_audit()`.execute(db);
        } else {
          await sql`drop trigger test_refuse_publish_audit`.execute(db);
        }
      }
      expect(await newest()).toBe(before);
      await server.app.content.refresh();
      expect(server.app.content.current().version).toBe(served);
      const row = await db
        .selectFrom('content_drafts')
        .select(['status', 'published_version', 'reviewer_id'])
        .where('id', '=', draft.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'submitted', published_version: null, reviewer_id: null });
      const approvals = await db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'draft.approve')
        .where('subject', '=', `draft:${draft.body.id}`)
        .execute();
      expect(approvals).toEqual([]);

      // Once the audit row can be written, the same approval publishes, with both rows.
      const again = await studio<{ version: number }>(`/drafts/${draft.body.id}/approve`, {
        session: approver,
        body: { comment: 'Audited wording' },
      });
      expect(again.status, again.text).toBe(200);
      expect(again.body.version).toBe(before + 1);
      expect(server.app.content.current().version).toBe(before + 1);
      const audited = await db
        .selectFrom('audit_log')
        .select('action')
        .where((eb) =>
          eb.or([
            eb('subject', '=', `draft:${draft.body.id}`),
            eb('subject', '=', `version:${before + 1}`),
          ]),
        )
        .where('action', 'in', ['draft.approve', 'content.publish'])
        .execute();
      expect(audited.map((a) => a.action).sort()).toEqual(['content.publish', 'draft.approve']);
    });
  });
}
