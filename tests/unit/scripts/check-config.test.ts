import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
let dir = '';

/** Runs `npm run check:config` on a copy of flows/ (and schemas/) after `edit` changed it. */
function checkEdited(edit: (flows: string) => void): { code: number; output: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'check-config-'));
  const flows = path.join(dir, 'flows');
  // Flow files name their meta-schema by a relative path: keep the repository's layout.
  cpSync(path.join(root, 'flows'), flows, { recursive: true });
  cpSync(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  edit(flows);
  try {
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/check-config.ts',
        '--flows',
        flows,
        '--schemas',
        path.join(dir, 'schemas'),
      ],
      { cwd: root, encoding: 'utf8', stdio: 'pipe' },
    );
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: failed.stdout + failed.stderr };
  }
}

function editJson(file: string, change: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('check:config', () => {
  it('passes on the flows as they are', () => {
    const result = checkEdited(() => undefined);
    expect(result.output).toMatch(/check:config: \d+ files OK/);
    expect(result.code).toBe(0);
  }, 30_000);

  it('names the file and path of a deleted Spanish label', () => {
    const result = checkEdited((flows) =>
      editJson(path.join(flows, 'forms', 'sign-in.json'), (flow) => {
        const fields = flow.fields as Record<string, { label: { es?: string } }>;
        delete fields.lastName!.label.es;
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'sign-in.json: /fields/lastName/label: missing Spanish text (es)',
    );
  }, 30_000);

  it('names what is wrong in the payment journey: a missing Spanish text, a form, a fact', () => {
    const result = checkEdited((flows) => {
      editJson(path.join(flows, 'journeys', 'payment.json'), (journey) => {
        const stages = journey.stages as { title: { es?: string }; form?: string }[];
        delete stages[1]!.title.es;
        stages[2]!.form = 'no-such-form';
        const variants = journey.variants as Record<string, { amount?: unknown }>;
        variants['one-time']!.amount = { min: { var: 'income' } };
      });
      editJson(path.join(flows, 'content', 'payment-authorization.json'), (content) => {
        delete (content.single as { es?: string }).es;
      });
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('payment.json: /stages/1/title: missing Spanish text (es)');
    expect(result.output).toContain(
      'payment.json: /stages/2/form: form "no-such-form" is not in flows/forms',
    );
    expect(result.output).toContain('/variants/one-time/amount/min: unknown fact "income"');
    expect(result.output).toContain(
      'payment-authorization.json: /single: missing Spanish text (es)',
    );
  }, 30_000);

  it('names what is wrong in the sign-in policy: a never-factor, a kind the form offers, the step-up', () => {
    const result = checkEdited((flows) => {
      editJson(path.join(flows, 'policies', 'sign-in.json'), (policy) => {
        const combinations = policy.combinations as { option1: string[]; option2: string[] }[];
        // The sign-in form still offers the phone, which no combination allows any more.
        for (const combination of combinations) {
          combination.option1 = combination.option1.filter((kind) => kind !== 'Phone');
          combination.option2 = combination.option2.filter((kind) => kind !== 'Phone');
        }
        combinations[0]!.option2.push('Address');
        policy.stepUp = { option3: ['DateOfBirth'] };
      });
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'flows/policies/sign-in.json: /combinations: the sign-in form offers "Phone" as option1, but no combination allows it there',
    );
    expect(result.output).toContain('/combinations/0/option2/4: "Address" is not in factors');
    expect(result.output).toContain('/stepUp/option3: must include SocialSecurityNumber');

    const never = checkEdited((flows) => {
      editJson(path.join(flows, 'policies', 'sign-in.json'), (policy) => {
        (policy.factors as string[]).push('LastName');
      });
    });
    expect(never.code).toBe(1);
    expect(never.output).toContain('flows/policies/sign-in.json: /factors/5:');
  }, 30_000);

  it('names what is wrong in a holiday calendar', () => {
    const result = checkEdited((flows) => {
      editJson(path.join(flows, 'calendars', 'us-bank-holidays.json'), (calendar) => {
        const holidays = calendar.holidays as Record<string, unknown>[];
        holidays[0]!.weekday = 'monday';
      });
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'flows/calendars/us-bank-holidays.json: /holidays/0: give either "day" or "weekday" with "nth", not both or neither',
    );
    const spanish = checkEdited((flows) => {
      editJson(path.join(flows, 'calendars', 'us-bank-holidays.json'), (calendar) => {
        const holidays = calendar.holidays as Record<string, unknown>[];
        delete (holidays[1]!.name as { es?: string }).es;
      });
    });
    expect(spanish.code).toBe(1);
    expect(spanish.output).toContain(
      'flows/calendars/us-bank-holidays.json: /holidays/1/name: missing Spanish text (es)',
    );
  }, 30_000);

  it('names what is wrong in a page file: a form, a data source, a call, a text, a field', () => {
    const result = checkEdited((flows) => {
      editJson(path.join(flows, 'pages', 'bankruptcy.json'), (page) => {
        (page.data as Record<string, string>).creditReport = 'required';
        const forms = page.forms as {
          form: string;
          prefill: Record<string, unknown>;
          submit: { call: string };
        }[];
        forms[0]!.form = 'no-such-form';
        page.title = 'bankruptcy.noSuchTitle';
      });
      editJson(path.join(flows, 'pages', 'dispute.json'), (page) => {
        const forms = page.forms as {
          prefill: Record<string, unknown>;
          submit: { call: string };
        }[];
        forms[0]!.submit.call = 'submitComplaint';
        forms[0]!.prefill.nickname = { var: 'debtorName' };
        forms[0]!.prefill.accountNumber = { sometimes: [1] };
      });
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'flows/pages/bankruptcy.json: /data/creditReport: data source "creditReport" is not one of account, paymentSettings, signedInDebtor',
    );
    expect(result.output).toContain(
      'flows/pages/bankruptcy.json: /forms/0/form: form "no-such-form" is not in flows/forms',
    );
    expect(result.output).toContain(
      'flows/pages/bankruptcy.json: /title: text "bankruptcy.noSuchTitle" is not in flows/texts',
    );
    expect(result.output).toContain(
      'flows/pages/dispute.json: /forms/0/submit/call: call "submitComplaint" is not one of',
    );
    expect(result.output).toContain(
      'flows/pages/dispute.json: /forms/0/prefill/nickname: field "nickname" is not in schema forms/dispute',
    );
    expect(result.output).toMatch(
      /flows\/pages\/dispute\.json: malformed rule: .*prefill\/accountNumber.*unknown operator "sometimes"/,
    );
  }, 30_000);

  it("names a page file's address that is taken, or that router.tsx already shows", () => {
    const result = checkEdited((flows) => {
      editJson(path.join(flows, 'pages', 'dispute.json'), (page) => {
        const routes = page.routes as { path: string; access: string }[];
        routes[0]!.path = 'contact-information';
        routes.push({ path: 'dashboard', access: 'account' });
      });
    });
    expect(result.code).toBe(1);
    // Files are checked in name order: contact-information.json claims the address first.
    expect(result.output).toContain(
      'flows/pages/dispute.json: /routes/0/path: "contact-information" is already the address of pages/contact-information.json',
    );
    expect(result.output).toContain(
      'flows/pages/dispute.json: /routes/1/path: "dashboard" is already a page of router.tsx',
    );
  }, 30_000);

  it("names what is wrong in a page's offer: no account address, an unknown fact, an order taken, a place", () => {
    const result = checkEdited((flows) => {
      // contact-us has no address for an account; its offer would link nowhere.
      editJson(path.join(flows, 'pages', 'contact-us.json'), (page) => {
        page.offer = { places: ['urgent'], text: 'contact-us.title', order: 9 };
      });
      editJson(path.join(flows, 'pages', 'change-payment-day.json'), (page) => {
        const offer = page.offer as { order: number; when?: unknown };
        offer.order = 1;
        offer.when = { '==': [{ var: 'debtor.state' }, 'NJ'] };
      });
      editJson(path.join(flows, 'pages', 'cancel-plan.json'), (page) => {
        (page.offer as { places: string[] }).places = ['plan', 'dashboard'];
      });
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'flows/pages/contact-us.json: /offer: an offered page needs a route with :accountNumber',
    );
    expect(result.output).toContain(
      'flows/pages/change-payment-day.json: /offer/when: unknown fact "debtor" (an offer reads place, account, arrangement, urgentState)',
    );
    // Files are checked in name order: change-payment-day.json takes order 1 before change-plan.json.
    expect(result.output).toContain(
      'flows/pages/change-plan.json: /offer/order: pages/change-payment-day.json is offered at plan with order 1 too',
    );
    expect(result.output).toContain(
      'flows/pages/change-plan.json: /offer/order: pages/change-payment-day.json is offered at urgent with order 1 too',
    );
    expect(result.output).toContain(
      'flows/pages/cancel-plan.json: /offer/places/1: must be equal to one of the allowed values',
    );
  }, 30_000);

  it("names a page file's text that has no Spanish", () => {
    const result = checkEdited((flows) =>
      editJson(path.join(flows, 'texts', 'dispute.json'), (texts) => {
        delete (texts.terms as { es?: string }).es;
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('dispute.json: /terms: missing Spanish text (es)');
    expect(result.output).toContain(
      'flows/pages/dispute.json: /forms/0/legalNote/text: text "dispute.terms" has no Spanish text (es) in flows/texts/dispute.json',
    );
  }, 30_000);

  it('names a field the schema does not have and a malformed rule', () => {
    const result = checkEdited((flows) =>
      editJson(path.join(flows, 'forms', 'sign-in.json'), (flow) => {
        const rules = flow.rules as unknown as { fields: string[]; when: unknown }[];
        rules[0]!.fields = ['nickname'];
        rules[0]!.when = { sometimes: [1] };
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('field "nickname" is not in schema forms/sign-in');
    expect(result.output).toContain('unknown operator "sometimes"');
  }, 30_000);

  it('refuses allOf, anyOf and oneOf in a form schema (the form engine renders none)', () => {
    const result = checkEdited((flows) =>
      editJson(path.join(flows, '..', 'schemas', 'forms', 'dispute.schema.json'), (schema) => {
        schema.allOf = [{ required: ['reason'] }];
        schema.anyOf = [{ required: ['reason'] }, { required: ['details'] }];
        schema.properties = { ...(schema.properties as object), extra: { oneOf: [{}, {}] } };
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('schema forms/dispute uses allOf at /allOf');
    expect(result.output).toContain('schema forms/dispute uses anyOf at /anyOf');
    expect(result.output).toContain('schema forms/dispute uses oneOf at /properties/extra/oneOf');
  }, 30_000);

  it('names an unknown fact in a rules file', () => {
    const result = checkEdited((flows) => {
      const file = path.join(flows, 'rules', 'payment-options.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"hasPastDue"', '"hasPastDew"'));
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('payment-options.json');
    expect(result.output).toContain('unknown fact "hasPastDew"');
  }, 30_000);
});
