/**
 * A journey stage's declared behaviour (flows/journeys/<name>.json), read against the journey's
 * facts: the run-time values its form reads (`context`), what the form starts with (`prefill`)
 * and the lines it lists once completed (`lines`, or by default each answered field of its form
 * with its label, except those marked `review: false`). Pure and shared: the browser draws the
 * stages with it, and the server checks a request's fields against the same contexts. It knows
 * no stage by name.
 */
import type { FormContext, FormOption } from '@/engine/form/form-state';
import type { FormData, FormFlow } from '@/engine/form/flow';
import { localize, type Language } from '@/engine/i18n/split';
import { digitsOnly, formatPhone } from '@/engine/form/theme/format';
import { evaluate, truthy, type JsonLogic } from '@/engine/rules/json-logic';
import type { ReviewLine, Stage } from '@/generated/types/meta/payment-journey';
import { formatLongDay } from './dates';
import { formatCents, formatUsd } from './money';
import { payerName } from './payment-authorization';

export type JourneyFacts = Record<string, unknown>;

/** A line a completed stage lists: what was asked, and the answer. */
export interface StageLine {
  label: string;
  value: string;
}

/**
 * The facts with one more, as a copy that keeps their getters: a spread or Object.assign would
 * call each getter to copy its value, and the payment facts' `agreement` (the authorization texts,
 * 1-5 ms at 4x CPU) is a getter so that only the stage that reads it pays for it.
 */
export function withFact(facts: JourneyFacts, name: string, value: unknown): JourneyFacts {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(facts)) as JourneyFacts;
  copy[name] = value;
  return copy;
}

/** Looks a text up in flows/texts. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const empty = (value: unknown): boolean => value === null || value === undefined || value === '';

function evaluateMap(
  map: Record<string, unknown> | undefined,
  facts: JourneyFacts,
  keepEmptyText = false,
) {
  const out: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(map ?? {})) {
    const value = evaluate(rule as JsonLogic, facts);
    if (!empty(value) || (keepEmptyText && value === '')) out[name] = value;
  }
  return out;
}

/** The values the stage's form reads as `$context.<name>` (an empty text stays: a hint with none). */
export function stageContext(stage: Stage, facts: JourneyFacts): FormContext {
  const out: FormContext = {};
  for (const [name, value] of Object.entries(evaluateMap(stage.context, facts, true))) {
    if (typeof value === 'boolean') out[name] = value ? 1 : 0;
    else if (typeof value === 'string' || typeof value === 'number') out[name] = value;
    else if (Array.isArray(value)) out[name] = value as FormOption[];
  }
  return out;
}

/** What the stage's form starts with. */
export function stagePrefill(stage: Stage, facts: JourneyFacts): FormData {
  return evaluateMap(stage.prefill, facts) as FormData;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A line's value written as its format says (empty when there is nothing to show). */
export function formatLineValue(
  value: unknown,
  format: ReviewLine['format'],
  language: Language,
): string {
  if (empty(value)) return '';
  const given = (value ?? {}) as Record<string, unknown>;
  switch (format) {
    case 'cents':
      return typeof value === 'number' ? formatCents(value, language) : '';
    case 'money':
      return typeof value === 'number' ? formatUsd(value, language) : '';
    case 'date':
      return typeof value === 'string' ? formatLongDay(value, language) : '';
    case 'name':
      return payerName({
        firstName: text(given.firstName),
        lastName: text(given.lastName),
        businessName: text(given.businessName),
      });
    case 'address': {
      const cityLine = [text(given.city), [given.state, given.zip].filter(text).join(' ')]
        .filter(text)
        .join(', ');
      return [text(given.address1), text(given.address2), cityLine].filter(text).join(', ');
    }
    case 'phone': {
      const digits = digitsOnly(String(value));
      return digits.length === 10 ? formatPhone(digits) : '';
    }
    case 'text':
    case undefined:
      return typeof value === 'object' ? '' : String(value);
  }
}

/** The form's answered fields with their labels (a stage that declares no lines). */
function formLines(
  flow: FormFlow | undefined,
  given: FormData,
  context: FormContext,
  language: Language,
  t: Translate,
): StageLine[] {
  if (!flow) return [];
  const lines: StageLine[] = [];
  // A field placed by a rule in `order` is listed where its answer is: in the fields' order.
  const names = Object.keys(flow.fields ?? {}).sort((a, b) => {
    const at = (name: string) => {
      const index = flow.order.indexOf(name);
      return index === -1 ? flow.order.length : index;
    };
    return at(a) - at(b);
  });
  for (const name of names) {
    const field = flow.fields?.[name];
    const answer = given[name];
    if (!field?.label || field.review === false || empty(answer)) continue;
    let value: string;
    const listed = field.optionsFrom ? context[field.optionsFrom] : undefined;
    const option = Array.isArray(listed)
      ? (listed as readonly FormOption[]).find((o) => String(o.value) === String(answer))
      : undefined;
    const named = field.options?.[String(answer)];
    if (option) value = option.label;
    else if (named) value = localize(named, language);
    else if (typeof answer === 'boolean') value = t(answer ? 'common.yes' : 'common.no');
    else if (field.widget === 'money' && typeof answer === 'number')
      value = formatUsd(answer, language);
    else if (
      (field.widget === 'date' || field.widget === 'maskedDate') &&
      typeof answer === 'string'
    )
      value = formatLongDay(answer, language);
    else if (field.widget === 'phone') value = formatLineValue(answer, 'phone', language);
    else if (typeof answer === 'object') continue;
    else value = String(answer);
    lines.push({ label: localize(field.label, language), value });
  }
  return lines;
}

/**
 * The lines a completed stage lists: its declared `lines` over the facts and `given` (its own
 * answers), or its form's answered fields.
 */
export function stageLines(input: {
  stage: Stage;
  facts: JourneyFacts;
  given: FormData;
  flow: FormFlow | undefined;
  language: Language;
  t: Translate;
}): StageLine[] {
  const { stage, given, language, t } = input;
  const facts = withFact(input.facts, 'given', given);
  if (!stage.lines) {
    return formLines(input.flow, given, stageContext(stage, facts), language, t);
  }
  const lines: StageLine[] = [];
  for (const line of stage.lines) {
    if (line.when !== undefined && !truthy(evaluate(line.when as JsonLogic, facts))) continue;
    const value = line.text
      ? t(line.text, evaluateMap(line.values, facts))
      : formatLineValue(evaluate(line.value as JsonLogic, facts), line.format, language);
    if (value !== '') lines.push({ label: t(line.label), value });
  }
  return lines;
}
