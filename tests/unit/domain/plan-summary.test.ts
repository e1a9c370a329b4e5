/**
 * Issue 40 item 2: the words of a plan say exactly what will be taken. For every plan the rules
 * can offer (the split of plans.ts and of a plan change: equal payments, the last takes the
 * remainder), from $1 to $100,000 and 2 to 60 payments, the numbers the rendered sentence states
 * add up to the total to the cent, in English and Spanish: through i18next (the browser: plan
 * choice, review, success page, plan change) and through the server's plural texts (the PDF).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatCents, type Language } from '../../../src/domain/money';
import {
  cancellationTexts,
  dayChangeStatement,
  type PlanChangeContent,
} from '../../../src/domain/plan-change-texts';
import { planSentence, planSummary, planWords } from '../../../src/domain/plan-summary';
import { pluralTranslate } from '../../../src/engine/i18n/plural';
import { treeTranslator } from '../../../src/engine/form/messages';
import { splitLocales, type LocalizedTree } from '../../../src/engine/i18n/split';
import { splitCents } from '../../../src/server/payments/plans';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as LocalizedTree;
const tree = {
  payment: read('flows/texts/payment.json'),
  api: read('flows/texts/api.json'),
} as LocalizedTree;
const resources = splitLocales(tree);

async function browserT(language: Language) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: { translation: resources[language] } },
    interpolation: { escapeValue: false },
  });
  return (key: string, values?: Record<string, unknown>) => instance.t(key, values ?? {});
}

/** The numbers a sentence states: the count before the first amount, then the amounts. */
function statedNumbers(sentence: string): { count: number; amounts: number[] } {
  const amounts = [...sentence.matchAll(/\$([\d,]+)\.(\d{2})/g)].map(
    (m) => Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]),
  );
  const count = /(\d+)\D*\$/.exec(sentence);
  return { count: count ? Number(count[1]) : NaN, amounts };
}

/** Deterministic totals in cents between $1 and $100,000 for n payments: every remainder near the edges, and spread between. */
function totals(n: number): number[] {
  const out = new Set<number>();
  for (const base of [100, 101, 1_000, 6_428 * n, 99_999, 1_000_000, 9_999_999, 10_000_000 - n]) {
    for (let r = 0; r < n; r += 1) {
      const total = base + r;
      if (total >= 100 && total <= 10_000_000) out.add(total);
    }
  }
  let seed = n * 7919;
  for (let i = 0; i < 150; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.add(100 + (seed % (10_000_000 - 100 + 1)));
  }
  out.add(10_000_000);
  return [...out];
}

describe('planSummary', () => {
  it('names the last payment only when it differs, and refuses other shapes', () => {
    expect(planSummary([6428, 6428, 6432])).toEqual({
      count: 3,
      equalCount: 2,
      amountCents: 6428,
      lastCents: 6432,
      totalCents: 19288,
    });
    expect(planSummary([5000, 5000])).toEqual({
      count: 2,
      equalCount: 2,
      amountCents: 5000,
      totalCents: 10000,
    });
    expect(planSummary([100, 200, 100])).toBeNull();
    expect(planSummary([])).toBeNull();
  });

  it('says "6 monthly payments of $64.28 and a last payment of $64.32" in English and Spanish', async () => {
    const cents = splitCents(45_000, 7);
    expect(cents).toEqual([6428, 6428, 6428, 6428, 6428, 6428, 6432]);
    const summary = planSummary(cents)!;
    expect(planSentence(summary, 'payment.plan.label', 'en', await browserT('en'))).toBe(
      '6 monthly payments of $64.28 and a last payment of $64.32',
    );
    expect(planSentence(summary, 'payment.plan.label', 'es', await browserT('es'))).toBe(
      '6 pagos mensuales de $64.28 y un último pago de $64.32',
    );
    const two = planSummary(splitCents(10_001, 2))!;
    expect(planSentence(two, 'payment.plan.label', 'en', await browserT('en'))).toBe(
      '1 payment of $50.00 and a last payment of $50.01',
    );
    expect(
      planWords(
        [{ amount: 10 }, { amount: 20 }, { amount: 10 }],
        'es',
        pluralTranslate(treeTranslator(tree, 'es')),
      ),
    ).toBe('3 pagos por un total de $40.00');
  });

  for (const language of ['en', 'es'] as const) {
    it(`states numbers that add up to the total to the cent, 2 to 60 payments, $1 to $100,000 (${language})`, async () => {
      const browser = await browserT(language);
      const server = pluralTranslate(treeTranslator(tree, language));
      let checked = 0;
      for (let n = 2; n <= 60; n += 1) {
        for (const total of totals(n)) {
          const cents = splitCents(total, n);
          const summary = planSummary(cents);
          expect(summary, `${total} over ${n}`).not.toBeNull();
          const sentences = [
            planSentence(summary!, 'payment.plan.label', language, browser),
            planSentence(summary!, 'payment.success.plan', language, browser, {
              method: 'Visa ****1111',
              first: 'March 1, 2027',
            }),
            planSentence(summary!, 'pdf.authorizationPlan', language, (key, values) =>
              server(`api.${key}`, values),
            ),
          ];
          for (const sentence of sentences) {
            const { count, amounts } = statedNumbers(sentence);
            const [amount, second] = amounts;
            // With a different last payment: count × amount + last; otherwise count × amount.
            const last = summary!.lastCents === undefined ? 0 : second!;
            const stated = count * amount! + last;
            if (stated !== total || sentence.includes('{{')) {
              throw new Error(`${formatCents(total)} over ${n}: "${sentence}" states ${stated}`);
            }
            expect(count + (summary!.lastCents === undefined ? 0 : 1)).toBe(n);
            checked += 1;
          }
        }
      }
      expect(checked).toBeGreaterThan(59 * 3 * 150);
    }, 60_000); // some 27,000 sentences: about 2 s alone, more on a busy machine
  }
});

describe('plan change statements with a count (issue 40 item 7)', () => {
  const content = JSON.parse(
    readFileSync(path.join(root, 'flows/content/plan-change.json'), 'utf8'),
  ) as PlanChangeContent;
  const facts = {
    name: 'Kim Doe',
    agency: 'MRS',
    accountNumber: 'LU1.10001',
    creditor: 'Contoso Bank',
    phone: '8005550100',
    balanceCents: 10_000,
    savingsCents: 0,
    settlement: false,
    today: '2026-12-06',
  };
  const one = [{ date: '2027-01-05', cents: 5_000 }];
  const two = [...one, { date: '2027-02-05', cents: 5_000 }];

  it('say one payment in the singular, in English and Spanish', () => {
    const cancel = (language: Language, stopped: typeof one) =>
      cancellationTexts(content, language, facts, { stopped, kept: [] }).statement;
    expect(cancel('en', one)).toContain('its 1 remaining scheduled payment.');
    expect(cancel('es', one)).toContain('su 1 pago programado restante.');
    expect(cancel('en', two)).toContain('its 2 remaining scheduled payments.');
    expect(cancel('es', two)).toContain('sus 2 pagos programados restantes.');
    expect(dayChangeStatement(content, 'es', facts, 5, one)).toContain('mi 1 pago restante');
    expect(dayChangeStatement(content, 'en', facts, 5, one)).toContain('my 1 remaining payment ');
    expect(dayChangeStatement(content, 'es', facts, 5, two)).toContain('mis 2 pagos restantes');
  });
});
