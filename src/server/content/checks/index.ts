/**
 * The checks of a flows tree (issue 24): what `npm run check:config` has always checked, as a
 * library over an in-memory tree (path under flows/ → parsed JSON), so the studio runs the very
 * same checks on a draft (the base version's tree with the draft's files) without touching disk.
 *
 * - every file names its meta-schema in "$schema" and is valid against it (meta.ts);
 * - every localized text has both English and Spanish, with the same {{placeholders}} (texts.ts);
 * - a form flow only names fields (and enum options) that its JSON Schema has (forms.ts);
 * - every rule (JSON Logic: `when`, `excludeOptions`, `canAdd`) is well formed;
 * - a holiday calendar gives each holiday either a date or an nth weekday;
 * - the sign-in policy passes its domain checks and allows every kind the sign-in form offers;
 * - rules files pass their domain's checks (unknown facts, outcomes, the journey's variants);
 * - page files name forms, data sources, calls and texts that exist (pages.ts);
 * - a journey names forms of flows/forms, its rules are well formed and its texts exist;
 * - every {{placeholder}} is declared for its text in flows/glossary/placeholders.json, a text
 *   with {{count}} has plural forms, and no Spanish text uses a term of
 *   flows/glossary/forbidden-es.json (glossary.ts);
 * - every message of flows/messages/ carries the debt-collector disclosure and the opt-out in
 *   its e-mail and its text message (also a client's own), in the words of
 *   flows/messages/common.json, which say what the law asks (messages.ts);
 * - every file, and every value the studio lets staff change, has a name, a description and a
 *   group for people in flows/studio/names.json, in English and Spanish (names.ts).
 *
 * Problems come in the order of the files (sorted paths), each file's in the order found.
 */
import { checkHolidayCalendar, type HolidayCalendar } from '@/domain/business-days';
import {
  checkPaymentJourney,
  optionVariantIds,
  type PaymentJourneyFile,
} from '@/domain/payment-journey';
import { RULES_CHECKS, type RulesCheckContext } from '@/domain/rules-checks';
import type { RulesFile } from '@/domain/rules';
import type { SignInPolicy } from '@/domain/sign-in-policy';
import {
  checkFormAgainstSchema,
  checkJourneyForms,
  checkJourneyStages,
  checkSignInPolicyFile,
  type SchemaReader,
} from './forms';
import { MetaSchemas } from './meta';
import { PageChecks } from './pages';
import { englishMessage, problem } from './problems';
import { checkGlossary, readGlossary } from './glossary';
import { checkMessageFile } from './messages';
import { checkNames, readTreeNames } from './names';
import { checkRules, checkTexts } from './texts';
import type { Check } from './problems';
import {
  baseName,
  inFolder,
  isObject,
  type CheckEnvironment,
  type ConfigProblem,
  type Json,
  type JsonObject,
} from './types';

export type { CheckEnvironment, ConfigProblem } from './types';
export type { Check, CheckCode, CheckValues } from './problems';

export interface CheckInput {
  /** Path under flows/ (`forms/sign-in.json`) → the file's parsed JSON. */
  tree: Readonly<Record<string, unknown>>;
  /** Files that could not be parsed (path → why), reported in their place among the others. */
  invalid?: Readonly<Record<string, string>>;
}

/** Checks flows trees; compiled meta-schemas and read schemas are kept for the next tree. */
export type FlowsChecker = (input: CheckInput) => Promise<ConfigProblem[]>;

export function createFlowsChecker(env: CheckEnvironment): FlowsChecker {
  const meta = new MetaSchemas(env);
  const read = new Map<string, Promise<JsonObject>>();
  const schemas: SchemaReader = {
    read(relative) {
      const where = env.schemaPath(relative);
      let json = read.get(where);
      if (!json) {
        json = env.readJson(where) as Promise<JsonObject>;
        read.set(where, json);
      }
      return json;
    },
    label: (relative) => env.label(env.schemaPath(relative)),
  };

  return async ({ tree, invalid = {} }) => {
    const problems: ConfigProblem[] = [];
    const report = (path: string, pointer: string, check: Check) =>
      problems.push({ path, pointer, ...check, message: englishMessage(check) });
    const domain = (path: string, detail: string) =>
      report(path, '', problem('domain', { detail }));
    const files = [...new Set([...Object.keys(tree), ...Object.keys(invalid)])].sort();
    const parsed = (file: string): Json | undefined =>
      Object.hasOwn(tree, file) && !Object.hasOwn(invalid, file) ? (tree[file] as Json) : undefined;

    const formNames = new Set(files.filter((f) => inFolder(f, 'forms')).map(baseName));
    // The variants the rules may offer are the payment journey's (flows/journeys/payment.json).
    const journey = parsed('journeys/payment.json');
    const rulesContext: RulesCheckContext = {
      optionVariants:
        isObject(journey) && isObject(journey.variants)
          ? optionVariantIds(journey as unknown as PaymentJourneyFile)
          : [],
    };
    // Each form's schema name (flows/forms/<name>.json "schema"), and the texts by namespace.
    const formSchemas = new Map<string, string>();
    const texts = new Map<string, Json>();
    for (const file of files) {
      const json = parsed(file);
      if (json === undefined) continue; // reported below
      if (inFolder(file, 'forms'))
        formSchemas.set(
          baseName(file),
          isObject(json) && typeof json.schema === 'string' ? json.schema : '',
        );
      else if (inFolder(file, 'texts')) texts.set(baseName(file), json);
    }
    const pages = new PageChecks(report, schemas, env.routerPaths);
    const glossary = readGlossary(parsed);
    const names = readTreeNames(tree);

    for (const file of files) {
      if (Object.hasOwn(invalid, file)) {
        report(file, '', problem('invalidJson', { detail: invalid[file] ?? '' }));
        continue;
      }
      const json = parsed(file);
      if (json === undefined) continue;
      if (!isObject(json)) {
        report(file, '', problem('notAnObject', {}));
        continue;
      }
      try {
        const metaValid = await meta.check(report, file, json);
        checkTexts(report, file, json, '');
        checkRules(report, file, json, '');
        checkGlossary(report, file, json, glossary);
        if (inFolder(file, 'forms')) await checkFormAgainstSchema(report, schemas, file, json);
        if (metaValid) checkNames(report, file, json, await meta.schema(file, json), names);
        // Rules files also get their domain's own checks: unknown fact names, outcomes, derived values.
        const name = baseName(file);
        const domainCheck =
          inFolder(file, 'rules') && Object.hasOwn(RULES_CHECKS, name)
            ? RULES_CHECKS[name]
            : undefined;
        for (const line of domainCheck?.(json as unknown as RulesFile, rulesContext) ?? [])
          domain(file, line);
        if (inFolder(file, 'pages')) await pages.check(file, json, formSchemas, texts);
        if (inFolder(file, 'messages')) checkMessageFile(report, file, json, parsed);
        if (inFolder(file, 'calendars') && metaValid) {
          for (const line of checkHolidayCalendar(json as unknown as HolidayCalendar))
            domain(file, line);
        }
        if (file === 'policies/sign-in.json' && metaValid) {
          await checkSignInPolicyFile(report, schemas, file, json as unknown as SignInPolicy);
        }
        if (inFolder(file, 'journeys')) {
          checkJourneyForms(report, file, json, formNames);
          checkJourneyStages(report, file, json, texts);
          for (const line of checkPaymentJourney(json as unknown as PaymentJourneyFile))
            domain(file, line);
        }
      } catch (error) {
        // A domain check met a shape the meta-schema refuses (reported above): it stops there.
        report(file, '', problem('uncheckable', { detail: (error as Error).message }));
      }
    }
    return problems;
  };
}
