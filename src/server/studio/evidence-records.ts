/**
 * The records behind a confirmation code, for the studio's evidence (issue 24, item 6): every
 * record a debtor accepted or submitted with a code. Each finder answers one shape:
 * - a payment authorization: its agreement, E-SIGN consent and authorization texts as stored;
 * - a plan change, cancellation or payment-day change: its statement as stored (and a new plan's
 *   agreement and consent, kept in its details);
 * - a dispute, a bankruptcy notice and a recorded form: the words of the boxes the debtor
 *   checked, from the form of the published version it was checked under, in the debtor's
 *   language (a version is immutable, so these are the words shown), and the answers given.
 * The published version's history is added by the route (evidence.ts).
 */
import type { FormFlow } from '../../engine/form/flow';
import type { PortalContext } from '../context';
import { toDollars } from '../money';

export type EvidenceKind =
  | 'payment'
  | 'planChange'
  | 'planCancellation'
  | 'paymentDayChange'
  | 'dispute'
  | 'bankruptcy'
  | 'form';

/** One fact of the record: a studio word names it (`studio.evidence.facts.<name>`), else `label`. */
export interface EvidenceFact {
  name: string;
  /** The form field's label in the debtor's language, for a form's answer; else null. */
  label: string | null;
  value: string | number | boolean | null;
  format: 'text' | 'dollars' | 'time';
}

export interface EvidenceRecord {
  kind: EvidenceKind;
  confirmation: string;
  accountNumber: string | null;
  language: string | null;
  agreedAt: string;
  /** The file's own version (payment-authorization.json, plan-change.json, a form's hash). */
  contentVersion: string | null;
  publishedVersion: number | null;
  /** The texts as shown, by name; null where the record's words were not recorded. */
  texts: Record<string, string | null>;
  facts: EvidenceFact[];
  schedule: { date: string; amount: number }[];
}

type Finder = (ctx: PortalContext, confirmation: string) => Promise<EvidenceRecord | undefined>;

const fact = (
  name: string,
  value: EvidenceFact['value'],
  format: EvidenceFact['format'] = 'text',
): EvidenceFact => ({ name, label: null, value, format });

async function accountNumberOf(ctx: PortalContext, accountId: number | null) {
  if (accountId === null) return null;
  const row = await ctx.db
    .selectFrom('accounts')
    .select('account_number')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.account_number ?? null;
}

const schedule = (entries: unknown): { date: string; amount: number }[] =>
  Array.isArray(entries)
    ? (entries as { date: string; cents: number }[]).map((entry) => ({
        date: entry.date,
        amount: toDollars(entry.cents),
      }))
    : [];

const payment: Finder = async (ctx, confirmation) => {
  const row = await ctx.db
    .selectFrom('payment_authorizations')
    .leftJoin(
      'payment_authorization_revocations as r',
      'r.authorization_id',
      'payment_authorizations.id',
    )
    .selectAll('payment_authorizations')
    .select('r.revoked_at')
    .where('confirmation', '=', confirmation)
    .orderBy('payment_authorizations.id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'payment',
    confirmation: row.confirmation,
    accountNumber: await accountNumberOf(ctx, row.account_id),
    language: row.language,
    agreedAt: row.agreed_at,
    contentVersion: row.content_version,
    publishedVersion: row.published_version,
    texts: {
      agreement: row.agreement_text,
      esign: row.esign_text,
      authorization: row.authorization_text,
    },
    facts: [
      fact('payerName', row.payer_name),
      fact('methodName', row.method_name),
      fact('recurring', row.recurring === 1),
      fact('total', toDollars(row.total_cents), 'dollars'),
      ...(row.revoked_at ? [fact('revokedAt', row.revoked_at, 'time')] : []),
    ],
    schedule: schedule(JSON.parse(row.schedule)),
  };
};

const PLAN_KINDS: Record<string, EvidenceKind> = {
  cancel: 'planCancellation',
  'change-day': 'paymentDayChange',
  'change-plan': 'planChange',
};

const planChange: Finder = async (ctx, confirmation) => {
  const row = await ctx.db
    .selectFrom('plan_changes')
    .selectAll()
    .where('confirmation', '=', confirmation)
    .executeTakeFirst();
  if (!row) return undefined;
  const details = JSON.parse(row.details) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const moved = Array.isArray(details.moved) ? details.moved : [];
  return {
    kind: PLAN_KINDS[row.kind] ?? 'planChange',
    confirmation: row.confirmation,
    accountNumber: await accountNumberOf(ctx, row.account_id),
    language: row.language,
    agreedAt: row.created_at,
    contentVersion: row.content_version,
    publishedVersion: row.published_version,
    texts: {
      statement: row.statement,
      ...('agreement' in details ? { agreement: text(details.agreement) } : {}),
      ...('eSign' in details ? { esign: text(details.eSign) } : {}),
    },
    facts: [
      ...(typeof details.months === 'number' ? [fact('months', details.months)] : []),
      ...(typeof details.day === 'number' ? [fact('day', details.day)] : []),
    ],
    schedule: schedule('schedule' in details ? details.schedule : moved),
  };
};

/**
 * The words of a submitted form: each checked box's label is a text the debtor accepted (keyed by
 * its field), every other answer a fact labelled by its field; in the flow's order, then the
 * answers the flow does not name. Without the flow (no version recorded) the texts are null.
 */
export function formWords(
  flow: FormFlow | undefined,
  data: Record<string, unknown>,
  language: string | null,
): Pick<EvidenceRecord, 'texts' | 'facts'> {
  const lang = language === 'es' ? 'es' : 'en';
  const named = (flow?.order ?? []).filter((entry): entry is string => typeof entry === 'string');
  const order = [...named, ...Object.keys(data)].filter(
    (name, index, all) => all.indexOf(name) === index && name in data,
  );
  const texts: Record<string, string | null> = {};
  const facts: EvidenceFact[] = [];
  for (const name of order) {
    const value = data[name];
    if (value === undefined || value === null || value === '') continue;
    const label = flow?.fields?.[name]?.label?.[lang] ?? null;
    if (value === true && flow?.fields?.[name]?.widget === 'checkbox') texts[name] = label;
    else if (value === true && !flow) texts[name] = null;
    else {
      const shown = typeof value === 'object' ? JSON.stringify(value) : value;
      facts.push({ name, label, value: shown as EvidenceFact['value'], format: 'text' });
    }
  }
  return { texts, facts };
}

async function formOf(ctx: PortalContext, version: number | null, form: string) {
  if (version === null) return undefined;
  const content = await ctx.content.get(version);
  return (content?.config.forms as Record<string, FormFlow | undefined> | undefined)?.[form];
}

/** A submitted form's row: who, when, and the content version served when it was received. */
interface SubmittedRow {
  confirmation: string;
  account_id: number | null;
  language: string | null;
  created_at: string;
  published_version: number | null;
}

/** The evidence of a submitted form: its answers in the words of the version it was received under. */
async function submittedForm(
  ctx: PortalContext,
  kind: EvidenceKind,
  row: SubmittedRow,
  form: { name: string; data: Record<string, unknown>; version: string | null },
  facts: EvidenceFact[] = [],
): Promise<EvidenceRecord> {
  const words = formWords(
    await formOf(ctx, row.published_version, form.name),
    form.data,
    row.language,
  );
  return {
    kind,
    confirmation: row.confirmation,
    accountNumber: await accountNumberOf(ctx, row.account_id),
    language: row.language,
    agreedAt: row.created_at,
    contentVersion: form.version,
    publishedVersion: row.published_version,
    texts: words.texts,
    facts: [...facts, ...words.facts],
    schedule: [],
  };
}

const dispute: Finder = async (ctx, confirmation) => {
  const row = await ctx.db
    .selectFrom('disputes')
    .selectAll()
    .where('confirmation', '=', confirmation)
    .executeTakeFirst();
  if (!row) return undefined;
  const data = {
    alreadyResolved: row.already_resolved === 1,
    incorrectBalance: row.incorrect_balance === 1,
    notMyDebt: row.not_my_debt === 1,
    other: row.other === 1,
    message: row.message,
    // A dispute is only received with its terms accepted (the form requires the box).
    termsAccepted: true,
    name: row.name,
    phoneNumber: row.phone_number,
    email: row.email,
  };
  for (const reason of ['alreadyResolved', 'incorrectBalance', 'notMyDebt', 'other'] as const) {
    if (!data[reason]) delete (data as Partial<typeof data>)[reason];
  }
  return submittedForm(ctx, 'dispute', row, { name: 'dispute', data, version: null });
};

const bankruptcy: Finder = async (ctx, confirmation) => {
  const row = await ctx.db
    .selectFrom('bankruptcies')
    .selectAll()
    .where('confirmation', '=', confirmation)
    .executeTakeFirst();
  if (!row) return undefined;
  const data: Record<string, unknown> = {
    chapter: row.chapter,
    caseNumber: row.case_number,
    fileDate: row.file_date,
    jointFile: row.joint_file === 1,
    courtName: row.court_name,
    judgeName: row.judge_name,
    cityFiled: row.city_filed,
    stateFiled: row.state_filed,
    attorneyName: row.attorney_name,
    attorneyPhoneNumber: row.attorney_phone_number,
    lawFirmName: row.law_firm_name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phoneNumber: row.phone_number,
    message: row.message,
    // A notice is only received verified (the form requires the box).
    finalVerify: true,
  };
  return submittedForm(ctx, 'bankruptcy', row, { name: 'bankruptcy', data, version: null });
};

const formRecord: Finder = async (ctx, confirmation) => {
  const row = await ctx.db
    .selectFrom('form_records')
    .selectAll()
    .where('confirmation', '=', confirmation)
    .executeTakeFirst();
  if (!row) return undefined;
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const form = { name: row.form, data, version: row.form_version };
  return submittedForm(ctx, 'form', row, form, [fact('form', row.form)]);
};

/**
 * The record a code names. Codes are unique per table and their prefixes tell the kinds apart
 * (WP, PLN/CXL/DAY, DSP, BNK, REC), but every table is asked in turn, so a code from an older
 * prefix is still found.
 */
export async function findEvidence(
  ctx: PortalContext,
  confirmation: string,
): Promise<EvidenceRecord | undefined> {
  for (const find of [payment, planChange, dispute, bankruptcy, formRecord]) {
    const found = await find(ctx, confirmation);
    if (found) return found;
  }
  return undefined;
}
