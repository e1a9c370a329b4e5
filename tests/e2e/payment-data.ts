/**
 * Test identities for the payment journeys: one debtor per test, each holding copies of the
 * README's demo accounts (same client, balances, arrangements, letters and dates), so every test
 * pays on an account nobody else touches and the other specs keep seeing the demo data as it was.
 * tests/e2e/seed.ts imports them next to the demo data before the server starts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Identity } from './fixtures';

type Json = Record<string, unknown>;

const demo = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../demo/demo-data.json'), 'utf8'),
) as { debtors: Json[] };

/** Which demo account a test account copies: [demo debtor key, account number]. */
type Template = readonly [debtor: string, account: string];

export const TEMPLATES = {
  /** Maria LU1.10001: savings plan, balance in full, pay in full, one-time; a letter (57). */
  open: ['maria-garcia', 'LU1.10001'],
  /** Maria LU1.10002: an active plan with a past-due payment (remaining, past due). */
  pastDue: ['maria-garcia', 'LU1.10002'],
  /** John LU1.20001: PCO with a minimum payment due (bring current, one-time). */
  pco: ['john-smith', 'LU1.20001'],
  /** Carlos LU1.50002: a payment due today (remaining, upcoming). */
  dueToday: ['carlos-rivera', 'LU1.50002'],
  /** Carlos LU1.50003: today's payment already taken, last month's past due. */
  paidToday: ['carlos-rivera', 'LU1.50003'],
  /** Laura LU1.80001: client Adventure Works, no credit cards, no settlements online. */
  noCredit: ['laura-martinez', 'LU1.80001'],
  /** Maria LU1.10003: closed, settled. */
  closed: ['maria-garcia', 'LU1.10003'],
  /** Acme Supply LLC LU1.30001: a business (no first name). */
  business: ['acme-supply', 'LU1.30001'],
  /** Sam LU1.90002: an active plan, every payment with a method, none within the cutoff. */
  planMethods: ['sam-patel', 'LU1.90002'],
} as const satisfies Record<string, Template>;

export type TemplateName = keyof typeof TEMPLATES;

export interface PaymentSlot {
  identity: Identity;
  /** The copied accounts' numbers, by template. */
  accounts: Partial<Record<TemplateName, string>>;
  /** Offer codes of the copied letters, by template (the first letter of the account). */
  offerCodes: Partial<Record<TemplateName, string>>;
}

interface SlotDefinition {
  templates: TemplateName[];
  /** Saved methods: Carlos's (Visa credit, checking, an expired Mastercard), or none. */
  methods: 'saved' | 'none';
  business?: boolean;
  /** The copied accounts' client, when not the template's (a client no other test pays with). */
  client?: string;
}

/** Every slot a payment test uses, by name (the test that uses it). */
const SLOTS: Record<string, SlotDefinition> = {};

const VARIANT_TEMPLATES: Record<string, TemplateName> = {
  'one-time': 'open',
  pif: 'open',
  bif: 'open',
  sif: 'open',
  letter: 'open',
  remaining: 'pastDue',
  'past-due': 'pastDue',
  'bring-current': 'pco',
  upcoming: 'dueToday',
};

export const JOURNEY_RUNS = [
  { lang: 'en', viewport: 'desktop' },
  { lang: 'es', viewport: 'phone' },
] as const;

for (const [variant, template] of Object.entries(VARIANT_TEMPLATES)) {
  for (const run of JOURNEY_RUNS) {
    SLOTS[`${variant}-${run.lang}-${run.viewport}`] = {
      templates: [template],
      // Half the journeys pay with a saved method, half add a new card on the way.
      methods: run.lang === 'en' ? 'none' : 'saved',
    };
  }
}
Object.assign(SLOTS, {
  declines: { templates: ['open'], methods: 'saved' },
  duplicate: { templates: ['open'], methods: 'saved' },
  'double-click': { templates: ['open'], methods: 'saved' },
  'dropped-answer': { templates: ['open'], methods: 'saved' },
  'reload-while-paying': { templates: ['open'], methods: 'saved' },
  'keyboard-one-time': { templates: ['open'], methods: 'saved' },
  'keyboard-sif': { templates: ['open'], methods: 'saved' },
  navigation: { templates: ['open'], methods: 'saved' },
  'no-credit': { templates: ['noCredit'], methods: 'saved' },
  'existing-payment': { templates: ['paidToday'], methods: 'saved' },
  guards: { templates: ['open', 'closed'], methods: 'saved' },
  business: { templates: ['business'], methods: 'saved', business: true },
  analytics: { templates: ['open'], methods: 'saved' },
  'success-focus-en': { templates: ['open'], methods: 'saved' },
  'success-focus-es': { templates: ['open'], methods: 'saved' },
  // My documents (tests/e2e/documents.spec.ts): a payment's receipt and authorization.
  documents: { templates: ['open'], methods: 'saved' },
} satisfies Record<string, SlotDefinition>);

// The plan changes (tests/e2e/plan-changes.spec.ts): one debtor per change, language and screen.
for (const lang of ['en', 'es']) {
  for (const viewport of ['desktop', 'phone']) {
    SLOTS[`plan-cancel-${lang}-${viewport}`] = { templates: ['planMethods'], methods: 'saved' };
    SLOTS[`plan-cancel-cutoff-${lang}-${viewport}`] = { templates: ['dueToday'], methods: 'saved' };
    SLOTS[`plan-day-${lang}-${viewport}`] = { templates: ['planMethods'], methods: 'saved' };
    SLOTS[`plan-change-${lang}-${viewport}`] = { templates: ['planMethods'], methods: 'saved' };
  }
}
SLOTS['plan-day-keyboard'] = { templates: ['planMethods'], methods: 'saved' };
SLOTS['plan-cancel-retry'] = { templates: ['planMethods'], methods: 'saved' };
// The studio's journeys (tests/e2e/studio-journeys.spec.ts): a payment before a publish of the
// authorization text and one after; and an account of Proseware (PRS), whose only demo account is
// at the end of its process, so turning its credit cards off touches no other test's payment.
SLOTS['studio-before'] = { templates: ['open'], methods: 'saved' };
SLOTS['studio-after'] = { templates: ['open'], methods: 'saved' };
SLOTS['studio-client'] = { templates: ['open'], methods: 'saved', client: 'PRS' };
// The studio's preview signs in as this debtor; a payment in a preview is refused.
SLOTS['studio-preview'] = { templates: ['open'], methods: 'saved' };
// A plan whose last payment differs, named on the choice, the review and the PDF (plan-words.spec.ts).
SLOTS['uneven-plan-en'] = { templates: ['open'], methods: 'saved' };
SLOTS['uneven-plan-es'] = { templates: ['open'], methods: 'saved' };
// Issue 42's end-to-end test (agency-connection.spec.ts): a payment seen by feed, webhook and file.
SLOTS['agency-connection'] = { templates: ['open'], methods: 'saved' };
// Issue 43's end-to-end test (messages-email.spec.ts): a receipt e-mail, opted out by one click.
SLOTS['messages-email'] = { templates: ['open', 'pco'], methods: 'saved' };

const SLOT_NAMES = Object.keys(SLOTS);

function methods(owner: string) {
  return [
    {
      ref: 'card-visa',
      type: 'card',
      brand: 'visa',
      cardType: 'credit',
      last4: '1111',
      expiration: '2031-08',
      holderFirstName: owner,
      holderLastName: 'Tester',
      token: `sbx_card_ok_e2e${owner.toLowerCase().replace(/[^a-z0-9]/g, '')}01`,
    },
    {
      ref: 'bank-checking',
      type: 'bank',
      bankAccountType: 'checking',
      last4: '6789',
      holderFirstName: owner,
      holderLastName: 'Tester',
      token: `sbx_bank_ok_e2e${owner.toLowerCase().replace(/[^a-z0-9]/g, '')}02`,
    },
    {
      ref: 'card-mc-expired',
      type: 'card',
      brand: 'mc',
      cardType: 'credit',
      last4: '4444',
      expiration: '2024-01',
      holderFirstName: owner,
      holderLastName: 'Tester',
      token: `sbx_card_ok_e2e${owner.toLowerCase().replace(/[^a-z0-9]/g, '')}03`,
    },
  ];
}

const SSN_BASE = 7000;
const DATE_OF_BIRTH = '1970-01-01';

function accountNumberOf(slot: number, index: number): string {
  return `EP1.${slot + 100}${String(index + 1).padStart(2, '0')}`;
}

function letterIdOf(slot: number, index: number, letter: number): number {
  return 50_000 + slot * 100 + index * 10 + letter;
}

/** The identity, accounts and offer codes of a slot. */
export function paymentSlot(name: string): PaymentSlot {
  const index = SLOT_NAMES.indexOf(name);
  const definition = SLOTS[name];
  if (index === -1 || !definition) throw new Error(`no payment test slot ${name}`);
  const accounts: PaymentSlot['accounts'] = {};
  const offerCodes: PaymentSlot['offerCodes'] = {};
  definition.templates.forEach((template, i) => {
    const number = accountNumberOf(index, i);
    accounts[template] = number;
    if (template === 'open') offerCodes[template] = `${number}.${letterIdOf(index, i, 0)}`;
  });
  const ssn = String(SSN_BASE + index);
  return {
    identity: definition.business
      ? {
          lastName: `Tester Business ${index}`,
          first: ['SocialSecurityNumber', ssn],
          second: ['DateOfBirth', '01/01/1970'],
        }
      : {
          lastName: 'Tester',
          first: ['SocialSecurityNumber', ssn],
          second: ['DateOfBirth', '01/01/1970'],
        },
    accounts,
    offerCodes,
  };
}

function findAccount([debtorKey, accountNumber]: Template): { debtor: Json; account: Json } {
  const debtor = demo.debtors.find((d) => d.key === debtorKey);
  const account = (debtor?.accounts as Json[] | undefined)?.find(
    (a) => a.accountNumber === accountNumber,
  );
  if (!debtor || !account) throw new Error(`no demo account ${debtorKey} ${accountNumber}`);
  return { debtor, account };
}

/** The import file (schemas/import.schema.json) of every slot. */
export function paymentImport(): Json {
  const debtors = SLOT_NAMES.map((name, index) => {
    const definition = SLOTS[name]!;
    const first = findAccount(TEMPLATES[definition.templates[0]!]).debtor;
    const accounts = definition.templates.map((template, i) => {
      const { account } = findAccount(TEMPLATES[template]);
      const copy = structuredClone(account);
      copy.accountNumber = accountNumberOf(index, i);
      copy.clientAccount = `E2E${index}${i}000000`;
      if (definition.client) copy.clientId = definition.client;
      const letters = (copy.letters as Json[] | undefined) ?? [];
      copy.letters = letters.map((letter, l) => ({ ...letter, letterId: letterIdOf(index, i, l) }));
      if (definition.methods === 'none') {
        // Without saved methods, no scheduled payment can name one.
        for (const arrangement of (copy.arrangements as Json[] | undefined) ?? []) {
          for (const payment of (arrangement.payments as Json[] | undefined) ?? []) {
            delete payment.fundingRef;
          }
        }
      }
      return copy;
    });
    const owner = definition.business ? `Business ${index}` : `Slot${index}`;
    return {
      ...structuredClone(first),
      key: `e2e-payment-${name}`,
      firstName: definition.business ? undefined : 'Pat',
      lastName: definition.business ? `Tester Business ${index}` : 'Tester',
      businessName: definition.business ? `Tester Business ${index}` : undefined,
      ssnLast4: String(SSN_BASE + index),
      dateOfBirth: DATE_OF_BIRTH,
      phones: [{ phoneNumber: `555-300-${String(1000 + index).slice(-4)}`, type: 'mobile' }],
      fundingMethods: definition.methods === 'saved' ? methods(owner) : [],
      accounts,
    };
  });
  return { $schema: '../../schemas/import.schema.json', version: 1, debtors };
}
