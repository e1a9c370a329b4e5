/**
 * The studio's evidence for every kind of record a debtor accepted or submitted with a code
 * (issue 24, item 6), against a real server and database: a payment authorization, a plan
 * change, a payment-day change, a plan cancellation, a dispute, a bankruptcy notice and a
 * recorded form (the hardship page of the form-records fixture). Each answer has its kind, the
 * texts as shown in the language shown, the time, the file version and the published version
 * with its history. A dispute made before a publish that rewords the dispute form keeps the words
 * the debtor saw; one made after shows the new words and the new version. Unknown codes are 404,
 * and each look-up is audited.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, calendarDay } from '../../src/server/dates';
import { call, startServer, tempDir, type DatabaseFactory, type RunningServer } from './harness';
import { hardshipFixture } from './form-records.suite';
import {
  PAYER_CONTACT,
  importFixture,
  signIn as debtorSignIn,
  type SubmitAnswer,
} from './payments-fixtures';
import { TestClock, studioClient, type Session } from './studio-fixtures';

interface Evidence {
  kind: string;
  confirmation: string;
  accountNumber: string | null;
  language: string | null;
  agreedAt: string;
  contentVersion: string | null;
  publishedVersion: number | null;
  texts: Record<string, string | null>;
  facts: { name: string; label: string | null; value: unknown; format: string }[];
  schedule: { date: string; amount: number }[];
  version: {
    version: number;
    comment: string;
    draftedBy: { id: number; name: string } | null;
    approvedBy: { id: number; name: string } | null;
  } | null;
}

const DISPUTE = 'forms/dispute.json';
const person = { lastName: 'Evidencefixture', ssn: '1618', dob: '1972-03-14' };
/** A plan of monthly payments: one paid, one due today, then three more. */
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
    { date: 'today', amount: 100, status: 'PostDate' },
    { date: 'today+30', amount: 100, status: 'PostDate' },
    { date: 'today+60', amount: 100, status: 'PostDate' },
    { date: 'today+90', amount: 100, status: 'PostDate' },
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
      key: 'studio-evidence-debtor',
      firstName: 'Eva',
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
          token: 'sbx_card_ok_evidence01',
        },
      ],
      accounts: [
        account('EVI1.10001'),
        account('EVI1.10002', true),
        account('EVI1.10003', true),
        account('EVI1.10004', true),
        account('EVI1.10005'),
        account('EVI1.10006'),
        account('EVI1.10007'),
      ],
    },
  ],
};

export function studioEvidenceSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`studio evidence for every kind on ${dialect}`, { timeout: 180_000 }, () => {
    const clock = new TestClock(Date.now());
    const tag = `evidence-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    const dir = tempDir('studio-evidence-');
    let server: RunningServer;
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
    const sessions = {} as Record<'editor' | 'approver' | 'client_manager' | 'admin', Session>;
    let token = '';
    const codes: Record<string, string> = {};
    let startVersion = 0;
    let disputeVersion = 0;
    let oldTerms = { en: '', es: '' };
    const NEW_TERMS = {
      en: 'I confirm this dispute is true and complete.',
      es: 'Confirmo que esta disputa es verdadera y completa.',
    };

    const evidence = (code: string, who: keyof typeof sessions = 'approver') =>
      studio<Evidence>(`/evidence/${code}`, { session: sessions[who] });
    const found = async (code: string) => {
      const res = await evidence(code);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const today = () => calendarDay(clock.now(), DEFAULT_TIME_ZONE);
    const debtor = <T>(route: string, body?: unknown, lang = 'en', key?: string) =>
      call<T>(server, route, {
        token,
        lang,
        body,
        ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
      });
    const dispute = async (accountNumber: string, lang: string) => {
      const res = await debtor(
        '/api/v2/Account/SubmitDispute',
        { accountNumber, notMyDebt: true, message: 'Never had this card.', termsAccepted: true },
        lang,
      );
      expect(res.status, res.text).toBe(200);
      return res.headers.get('x-confirmation-code') ?? '';
    };
    const planAction = async (
      preview: string,
      action: string,
      body: Record<string, unknown>,
      lang: string,
    ) => {
      const seen = await debtor<{ arrangementId: number }>(preview, undefined, lang);
      expect(seen.status, seen.text).toBe(200);
      const done = await debtor<{ confirmation: string }>(
        `/api/v2/Account/${action}`,
        { ...body, arrangementId: seen.body.arrangementId },
        lang,
        `evidence-${tag}-${action}`,
      );
      expect(done.status, done.text).toBe(200);
      return done.body.confirmation;
    };

    beforeAll(async () => {
      const flows = hardshipFixture(dir.dir);
      server = await startServer(makeDatabase, {
        now: clock.now,
        flowsDir: flows.flows,
        schemasDir: flows.schemas,
      });
      for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
        sessions[role] = await signIn(await makeAccount(role.replace('_', '-'), role));
      }
      await importFixture(server.database.db, fixture);
      token = await debtorSignIn(server, person);
      const funding = await server.database.db
        .selectFrom('funding_methods')
        .innerJoin('debtors', 'debtors.id', 'funding_methods.debtor_id')
        .select('funding_methods.id')
        .where('debtors.external_key', '=', 'studio-evidence-debtor')
        .executeTakeFirstOrThrow();
      startVersion = server.app.content.current().version;

      const paid = await debtor<SubmitAnswer>(
        '/api/v2/Account/SubmitPayment',
        {
          authorizationDisclosuresAccepted: true,
          firstName: 'Eva',
          lastName: person.lastName,
          ...PAYER_CONTACT,
          accountNumber: 'EVI1.10001',
          schedule: [{ date: today(), amount: 55 }],
          fundingId: funding.id,
          type: 'PPA',
          paymentVariant: 'one-time',
        },
        'es',
      );
      expect(paid.status, paid.text).toBe(200);
      codes.payment = paid.body.paymentSubmission?.confirmation ?? '';
      codes.planChange = await planAction(
        '/api/v2/Account/PlanChangeOptions?accountNumber=EVI1.10002&day=10',
        'ChangePlan',
        {
          accountNumber: 'EVI1.10002',
          months: 3,
          day: 10,
          authorizationDisclosuresAccepted: true,
          eSignConsent: true,
        },
        'en',
      );
      codes.paymentDayChange = await planAction(
        '/api/v2/Account/PaymentDayChange?accountNumber=EVI1.10003&day=15',
        'ChangePaymentDay',
        { accountNumber: 'EVI1.10003', day: 15, confirmed: true },
        'es',
      );
      codes.planCancellation = await planAction(
        '/api/v2/Account/PlanCancellation?accountNumber=EVI1.10004',
        'CancelPlan',
        { accountNumber: 'EVI1.10004', confirmed: true },
        'en',
      );
      codes.dispute = await dispute('EVI1.10005', 'es');
      const bankruptcy = await debtor<{ confirmation: string }>(
        '/api/v2/Account/SubmitBankruptcy',
        {
          accountNumber: 'EVI1.10006',
          chapter: 13,
          caseNumber: '25-bk-31415',
          fileDate: today(),
          jointFile: false,
          address1: '1 Proof Way',
          city: 'Austin',
          state: 'TX',
          zip: '73301',
          finalVerify: true,
        },
        'en',
      );
      expect(bankruptcy.status, bankruptcy.text).toBe(200);
      codes.bankruptcy = bankruptcy.body.confirmation;
      const recorded = await debtor<{ confirmation: string }>(
        '/api/v2/Forms/Record',
        {
          form: 'hardship',
          data: { accountNumber: 'EVI1.10007', monthlyIncome: 900, reason: 'illness' },
        },
        'es',
      );
      expect(recorded.status, recorded.text).toBe(200);
      codes.form = recorded.body.confirmation;

      // An editor rewords the dispute form's terms; an approver publishes it.
      const file = await studio<{ json: Record<string, unknown> }>(
        `/content/file?path=${encodeURIComponent(DISPUTE)}`,
        { session: sessions.editor },
      );
      const json = file.body.json as { fields: Record<string, { label: typeof oldTerms }> };
      oldTerms = { ...json.fields.termsAccepted!.label };
      json.fields.termsAccepted!.label = NEW_TERMS;
      const draft = await studio<{ id: number }>('/drafts', {
        session: sessions.editor,
        body: { title: 'Shorter dispute terms' },
      });
      const put = await studio(`/drafts/${draft.body.id}/file`, {
        session: sessions.editor,
        method: 'PUT',
        body: { path: DISPUTE, json },
      });
      expect(put.status, put.text).toBe(200);
      const submit = await studio(`/drafts/${draft.body.id}/submit`, {
        session: sessions.editor,
        body: {},
      });
      expect(submit.status, submit.text).toBe(200);
      const approved = await studio<{ version: number }>(`/drafts/${draft.body.id}/approve`, {
        session: sessions.approver,
        body: { comment: 'Plain words for the dispute terms' },
      });
      expect(approved.status, approved.text).toBe(200);
      disputeVersion = approved.body.version;
      codes.disputeAfter = await dispute('EVI1.10001', 'en');
    });
    afterAll(async () => {
      await server.close();
      dir.remove();
    });

    it('shows a payment authorization: its three texts as accepted, in Spanish, with its facts', async () => {
      const answer = await found(codes.payment!);
      expect(answer).toMatchObject({
        kind: 'payment',
        confirmation: codes.payment,
        accountNumber: 'EVI1.10001',
        language: 'es',
        publishedVersion: startVersion,
        version: { version: startVersion, comment: 'Imported from flows/' },
        schedule: [{ date: today(), amount: 55 }],
      });
      expect(Object.keys(answer.texts)).toEqual(['agreement', 'esign', 'authorization']);
      const stored = await server.database.db
        .selectFrom('payment_authorizations')
        .select(['agreement_text', 'esign_text', 'authorization_text', 'content_version'])
        .where('confirmation', '=', codes.payment!)
        .executeTakeFirstOrThrow();
      expect(answer.texts).toEqual({
        agreement: stored.agreement_text,
        esign: stored.esign_text,
        authorization: stored.authorization_text,
      });
      expect(answer.texts.authorization).toMatch(/\$55\.00/);
      expect(answer.contentVersion).toBe(stored.content_version);
      expect(answer.facts).toEqual(
        expect.arrayContaining([
          { name: 'total', label: null, value: 55, format: 'dollars' },
          { name: 'payerName', label: null, value: expect.any(String), format: 'text' },
        ]),
      );
    });

    it('shows a plan change (statement, agreement and consent), a day change and a cancellation', async () => {
      const change = await found(codes.planChange!);
      expect(change).toMatchObject({
        kind: 'planChange',
        language: 'en',
        accountNumber: 'EVI1.10002',
      });
      expect(Object.keys(change.texts)).toEqual(['statement', 'agreement', 'esign']);
      expect(change.facts).toEqual(
        expect.arrayContaining([{ name: 'months', label: null, value: 3, format: 'text' }]),
      );
      expect(change.schedule.length).toBe(3);
      const day = await found(codes.paymentDayChange!);
      expect(day).toMatchObject({ kind: 'paymentDayChange', language: 'es' });
      const cancel = await found(codes.planCancellation!);
      expect(cancel).toMatchObject({ kind: 'planCancellation', language: 'en' });
      for (const [answer, code] of [
        [change, codes.planChange],
        [day, codes.paymentDayChange],
        [cancel, codes.planCancellation],
      ] as const) {
        const row = await server.database.db
          .selectFrom('plan_changes')
          .select(['statement', 'content_version', 'published_version'])
          .where('confirmation', '=', code!)
          .executeTakeFirstOrThrow();
        expect(answer.texts.statement).toBe(row.statement);
        expect(answer.contentVersion).toBe(row.content_version);
        expect(answer.publishedVersion).toBe(startVersion);
        expect(answer.version?.version).toBe(startVersion);
      }
      expect(day.texts.statement).toMatch(/15/);
    });

    it("shows a dispute's accepted words as the debtor saw them: the old terms before a publish, the new after", async () => {
      const before = await found(codes.dispute!);
      expect(before).toMatchObject({
        kind: 'dispute',
        language: 'es',
        accountNumber: 'EVI1.10005',
        publishedVersion: startVersion,
        texts: { notMyDebt: 'Esta no es mi deuda', termsAccepted: oldTerms.es },
      });
      expect(before.facts).toEqual(
        expect.arrayContaining([
          { name: 'message', label: 'Mensaje', value: 'Never had this card.', format: 'text' },
        ]),
      );
      const after = await found(codes.disputeAfter!);
      expect(after).toMatchObject({
        kind: 'dispute',
        language: 'en',
        publishedVersion: disputeVersion,
        texts: { notMyDebt: 'This is not my debt', termsAccepted: NEW_TERMS.en },
        version: {
          version: disputeVersion,
          comment: 'Plain words for the dispute terms',
          draftedBy: { name: 'editor' },
          approvedBy: { name: 'approver' },
        },
      });
    });

    it("shows a bankruptcy notice's verification and answers, and a recorded form's answers", async () => {
      const notice = await found(codes.bankruptcy!);
      const flow = JSON.parse(
        readFileSync(path.join(dir.dir, 'flows/forms/bankruptcy.json'), 'utf8'),
      ) as { fields: Record<string, { label: { en: string } }> };
      expect(notice).toMatchObject({
        kind: 'bankruptcy',
        language: 'en',
        publishedVersion: startVersion,
        texts: { finalVerify: flow.fields.finalVerify!.label.en },
      });
      expect(notice.facts).toEqual(
        expect.arrayContaining([
          {
            name: 'caseNumber',
            label: flow.fields.caseNumber!.label.en,
            value: '25-bk-31415',
            format: 'text',
          },
          { name: 'jointFile', label: expect.any(String), value: false, format: 'text' },
        ]),
      );
      const form = await found(codes.form!);
      expect(form).toMatchObject({
        kind: 'form',
        language: 'es',
        accountNumber: 'EVI1.10007',
        publishedVersion: startVersion,
        texts: {},
      });
      expect(form.facts).toEqual(
        expect.arrayContaining([
          { name: 'form', label: null, value: 'hardship', format: 'text' },
          { name: 'monthlyIncome', label: 'Ingreso mensual', value: 900, format: 'text' },
          {
            name: 'reason',
            label: '¿Por qué le cuesta pagar ahora?',
            value: 'illness',
            format: 'text',
          },
        ]),
      );
      expect(form.contentVersion).toMatch(/^[0-9a-f]{16}$/);
    });

    it('shows a record from before versions without words it cannot know', async () => {
      const ids = await server.database.db
        .selectFrom('accounts')
        .select(['id', 'debtor_id'])
        .where('account_number', '=', 'EVI1.10006')
        .executeTakeFirstOrThrow();
      await server.database.db
        .insertInto('disputes')
        .values({
          debtor_id: ids.debtor_id,
          account_id: ids.id,
          confirmation: `DSP-OLD${tag.length}`,
          already_resolved: 1,
          incorrect_balance: 0,
          not_my_debt: 0,
          other: 0,
          message: null,
          name: 'Eva',
          phone_number: null,
          email: null,
          created_at: new Date().toISOString(),
          language: null,
          published_version: null,
        })
        .execute();
      const old = await found(`DSP-OLD${tag.length}`);
      expect(old).toMatchObject({
        kind: 'dispute',
        language: null,
        publishedVersion: null,
        version: null,
        texts: { alreadyResolved: null, termsAccepted: null },
      });
    });

    it('answers 404 to an unknown code, refuses a client manager and an editor (debtors’ names, phones and bankruptcy details: issue 39), shows an approver and an admin, and audits every look-up', async () => {
      expect((await evidence('DSP-NOSUCHCODE')).status).toBe(404);
      expect((await evidence(codes.dispute!, 'client_manager')).status).toBe(403);
      expect((await evidence(codes.bankruptcy!, 'editor')).status).toBe(403);
      expect((await evidence(codes.bankruptcy!, 'approver')).status).toBe(200);
      expect((await evidence(codes.bankruptcy!, 'admin')).status).toBe(200);
      const rows = await server.database.db
        .selectFrom('audit_log')
        .select(['subject', 'detail'])
        .where('action', '=', 'evidence.view')
        .where('subject', 'in', ['DSP-NOSUCHCODE', codes.bankruptcy!])
        .execute();
      const details = rows.map((row) => [row.subject, JSON.parse(row.detail)]);
      expect(details).toEqual(
        expect.arrayContaining([
          ['DSP-NOSUCHCODE', { found: false }],
          [codes.bankruptcy, { found: true, kind: 'bankruptcy' }],
        ]),
      );
    });
  });
}
