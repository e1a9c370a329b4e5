/**
 * Checks every file under flows/ before it ships, printing one line per problem:
 *   <file>: <JSON path>: <problem>
 * - the file must name its meta-schema in "$schema" and be valid against it;
 * - every localized text must have both English and Spanish, with the same {{placeholders}};
 * - a form flow may only name fields (and enum options) that its JSON Schema has: in `fields`,
 *   `order`, `rules[].fields`, `sections[].fields` and `groups[].fields`; rules' `sections` must
 *   be section ids of the flow;
 * - every rule (JSON Logic: `when`, `excludeOptions`, `canAdd`) must be well formed and use known
 *   operators;
 * - a holiday calendar (flows/calendars) gives each holiday either a date or an nth weekday;
 * - the sign-in policy (flows/policies/sign-in.json) passes its domain checks, and every kind the
 *   sign-in form offers is a factor that a combination allows in that slot;
 * - a page file (flows/pages) may only name forms of flows/forms, the data sources and submit calls
 *   the form page has (src/web/features/form-page/utils/names.ts), text keys that flows/texts has
 *   in English and Spanish, and prefill fields that its form's schema has; its `from` and
 *   `prefill` rules must be well formed;
 * - an offered page (`offer`) has a route with :accountNumber (the link's address), its `when`
 *   reads only the offer's facts, and no two pages offered at one place share an `order`;
 * - a journey file (flows/journeys) names forms of flows/forms, its stages' rules (context,
 *   prefill, lines) are well formed and its lines' texts are in flows/texts in both languages.
 * Exits 1 when anything is wrong. Usage: npm run check:config [-- --flows DIR] (or FLOWS_DIR=DIR,
 * as the server takes it; `npm run flows:export` writes a content version as such a folder).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { checkExpression } from '../src/engine/rules/json-logic';
import { RULES_CHECKS, type RulesCheckContext } from '../src/domain/rules-checks';
import { readFacts, type RulesFile } from '../src/domain/rules';
import {
  checkPaymentJourney,
  optionVariantIds,
  type PaymentJourneyFile,
} from '../src/domain/payment-journey';
import { checkSignInPolicy, isFactor, type SignInPolicy } from '../src/domain/sign-in-policy';
import { checkHolidayCalendar, type HolidayCalendar } from '../src/domain/business-days';
import { DATA_SOURCES, LOAD_CALLS, SUBMIT_CALLS } from '../src/web/features/form-page/utils/names';
import { OFFER_FACT_NAMES, offerRoute } from '../src/web/utils/page-offers';
import { routesByFeature } from './lib/routes';

/** JSON Schema keywords the form engine does not render (see `unsupported` below). */
const UNSUPPORTED_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);

const root = path.resolve(import.meta.dirname, '..');
const flowsArg = process.argv.indexOf('--flows');
const flowsDir = path.resolve(
  flowsArg > -1
    ? (process.argv[flowsArg + 1] ?? 'flows')
    : process.env.FLOWS_DIR || path.join(root, 'flows'),
);
const schemasArg = process.argv.indexOf('--schemas');
const schemasDir = path.resolve(
  schemasArg > -1 ? (process.argv[schemasArg + 1] ?? 'schemas') : path.join(root, 'schemas'),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const problems: string[] = [];
const report = (file: string, pointer: string, problem: string) =>
  problems.push(`${path.relative(root, file) || file}: ${pointer ? `${pointer}: ` : ''}${problem}`);

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function listJson(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

async function readJson(file: string): Promise<Json | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Json;
  } catch (error) {
    report(file, '', `not valid JSON (${(error as Error).message})`);
    return undefined;
  }
}

/** Keys whose values are JSON Logic, not texts. */
const RULE_KEYS = ['when', 'excludeOptions', 'canAdd'];

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Walks the tree; every object with an `en` or `es` key is a localized text and needs both. */
function checkTexts(file: string, value: Json, pointer: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkTexts(file, item, `${pointer}/${i}`));
    return;
  }
  if (!isObject(value)) return;
  if ('en' in value || 'es' in value) {
    const en = value.en;
    const es = value.es;
    if (typeof en !== 'string' || en.trim() === '')
      report(file, pointer, 'missing English text (en)');
    if (typeof es !== 'string' || es.trim() === '')
      report(file, pointer, 'missing Spanish text (es)');
    if (typeof en === 'string' && typeof es === 'string') {
      const a = placeholders(en).join(',');
      const b = placeholders(es).join(',');
      if (a !== b) report(file, pointer, `placeholders differ: en {{${a}}} vs es {{${b}}}`);
    }
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if (RULE_KEYS.includes(key)) continue; // rules, not texts
    checkTexts(file, child, `${pointer}/${key}`);
  }
}

/** Every `when`, `excludeOptions` and `canAdd` value, and object entries of a form's `order`, are rules. */
function checkRules(file: string, value: Json, pointer: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkRules(file, item, `${pointer}/${i}`));
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const here = `${pointer}/${key}`;
    if (RULE_KEYS.includes(key)) {
      for (const problem of checkExpression(child, here))
        report(file, '', `malformed rule: ${problem}`);
    } else {
      checkRules(file, child, here);
    }
  }
}

function describeAjvError(error: ErrorObject): string | null {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && ['en', 'es'].includes(String(params.missingProperty))) {
    return null; // reported by checkTexts with a clearer line
  }
  if (error.keyword === 'if') return null; // 'must match "then" schema': the branch's errors say why
  if (error.keyword === 'additionalProperties') {
    return `unknown property "${String(params.additionalProperty)}"`;
  }
  return error.message ?? error.keyword;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const metaCache = new Map<string, ReturnType<typeof ajv.compile>>();
async function metaValidator(metaPath: string) {
  let validate = metaCache.get(metaPath);
  if (!validate) {
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as JsonObject;
    delete meta.$schema; // the meta-schema's own draft marker; Ajv2020 reads 2020-12 and draft-07 alike
    validate = ajv.compile(meta);
    metaCache.set(metaPath, validate);
  }
  return validate;
}

/**
 * Where a file's `$schema` leads. A flows file names its meta-schema relative to where it lies in
 * the repository (`../../schemas/meta/texts.schema.json` from flows/texts/); read that way from the
 * repository's flows/ folder, a path into schemas/ is taken from the schemas folder checked with,
 * so a flows folder anywhere (`npm run flows:export` writes one) is checked against the same
 * meta-schemas. Any other path is relative to the file.
 */
function metaSchemaPath(file: string, ref: string): string {
  const inRepository = path.resolve(
    root,
    'flows',
    path.relative(flowsDir, path.dirname(file)),
    ref,
  );
  const underSchemas = path.relative(path.join(root, 'schemas'), inRepository);
  if (!underSchemas.startsWith('..') && !path.isAbsolute(underSchemas)) {
    return path.join(schemasDir, underSchemas);
  }
  return path.resolve(path.dirname(file), ref);
}

/** Reports what breaks the file's meta-schema; true when nothing does. */
async function checkAgainstMeta(file: string, json: JsonObject): Promise<boolean> {
  const ref = json.$schema;
  if (typeof ref !== 'string') {
    report(file, '/$schema', 'missing: every flow file names its meta-schema');
    return false;
  }
  const metaPath = metaSchemaPath(file, ref);
  let validate;
  try {
    validate = await metaValidator(metaPath);
  } catch (error) {
    report(file, '/$schema', `cannot load meta-schema ${ref} (${(error as Error).message})`);
    return false;
  }
  if (validate(json)) return true;
  for (const error of validate.errors ?? []) {
    const text = describeAjvError(error);
    if (text) report(file, error.instancePath, text);
  }
  return false;
}

/**
 * The sign-in policy's own checks, and the sign-in form against it: every kind the form offers
 * must be a factor that some combination allows in that slot, or the form would offer a choice
 * the server always refuses.
 */
async function checkSignInPolicyFile(file: string, policy: SignInPolicy): Promise<void> {
  for (const problem of checkSignInPolicy(policy)) report(file, '', problem);
  const formFile = path.join(schemasDir, 'forms/sign-in.schema.json');
  let offered: string[] = [];
  try {
    const schema = JSON.parse(await readFile(formFile, 'utf8')) as {
      definitions?: { verificationKind?: { enum?: string[] } };
    };
    offered = schema.definitions?.verificationKind?.enum ?? [];
  } catch {
    report(file, '', `cannot read ${path.relative(root, formFile)}`);
    return;
  }
  for (const kind of offered) {
    for (const slot of ['option1', 'option2'] as const) {
      const allowed = policy.combinations.some(
        (c) => isFactor(policy, kind) && (c[slot] as readonly string[]).includes(kind),
      );
      if (!allowed) {
        report(
          file,
          '/combinations',
          `the sign-in form offers "${kind}" as ${slot}, but no combination allows it there`,
        );
      }
    }
  }
}

/** Order entries that are plain strings, or string results of a JSON Logic `if`. */
function orderFieldNames(entry: Json): string[] {
  if (typeof entry === 'string') return [entry];
  if (isObject(entry) && Array.isArray(entry.if)) {
    return entry.if
      .filter((_, i, all) => i % 2 === 1 || i === all.length - 1)
      .flatMap(orderFieldNames);
  }
  return [];
}

async function checkFormAgainstSchema(file: string, flow: JsonObject): Promise<void> {
  if (typeof flow.schema !== 'string') return; // the meta-schema reports it
  const schemaFile = path.join(schemasDir, `${flow.schema}.schema.json`);
  let schema: JsonObject;
  try {
    schema = JSON.parse(await readFile(schemaFile, 'utf8')) as JsonObject;
  } catch {
    report(
      file,
      '/schema',
      `schema "${flow.schema}" not found at ${path.relative(root, schemaFile)}`,
    );
    return;
  }
  // The web engine merges allOf only shallowly (src/engine/form/shims/all-of.ts) and has no
  // fields for oneOf/anyOf choices (src/engine/form/shims/registry.ts).
  const unsupported = (node: Json, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => unsupported(item, `${pointer}/${i}`));
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (UNSUPPORTED_KEYWORDS.has(key)) {
          report(
            file,
            '/schema',
            `schema ${flow.schema} uses ${key} at ${pointer}/${key}: form schemas list their properties directly (the form engine does not render ${key}; a choice is an enum, a condition a flow rule)`,
          );
        }
        unsupported(value, `${pointer}/${key}`);
      }
    }
  };
  unsupported(schema, '');
  const properties = isObject(schema.properties) ? schema.properties : {};
  const known = (field: string) => Object.hasOwn(properties, field);
  const fields = isObject(flow.fields) ? flow.fields : {};
  for (const [name, config] of Object.entries(fields)) {
    if (!known(name)) {
      report(file, `/fields/${name}`, `field "${name}" is not in schema ${flow.schema}`);
      continue;
    }
    const property = properties[name];
    const options = isObject(config) ? config.options : undefined;
    const values =
      isObject(property) && Array.isArray(property.enum) ? property.enum.map(String) : null;
    if (isObject(options) && values) {
      for (const option of Object.keys(options)) {
        if (!values.includes(option)) {
          report(
            file,
            `/fields/${name}/options/${option}`,
            `option "${option}" is not in the schema's enum for ${name}`,
          );
        }
      }
    }
  }
  (Array.isArray(flow.order) ? flow.order : []).forEach((entry, i) => {
    if (typeof entry !== 'string') {
      for (const problem of checkExpression(entry, `/order/${i}`))
        report(file, '', `malformed rule: ${problem}`);
    }
    for (const name of orderFieldNames(entry)) {
      if (!known(name))
        report(file, `/order/${i}`, `field "${name}" is not in schema ${flow.schema}`);
    }
  });
  const sections = Array.isArray(flow.sections) ? flow.sections : [];
  const sectionIds = sections.map((section) => (isObject(section) ? section.id : undefined));
  (Array.isArray(flow.rules) ? flow.rules : []).forEach((rule, i) => {
    const names = isObject(rule) && Array.isArray(rule.fields) ? rule.fields : [];
    names.forEach((name, j) => {
      if (typeof name === 'string' && !known(name)) {
        report(file, `/rules/${i}/fields/${j}`, `field "${name}" is not in schema ${flow.schema}`);
      }
    });
    const ids = isObject(rule) && Array.isArray(rule.sections) ? rule.sections : [];
    ids.forEach((id, j) => {
      if (!sectionIds.includes(id)) {
        report(file, `/rules/${i}/sections/${j}`, `section "${String(id)}" is not in sections`);
      }
    });
  });
  // Sections and groups name fields of the flow (and so of the schema), each at most once.
  for (const key of ['sections', 'groups'] as const) {
    const seenIds = new Set<Json | undefined>();
    const seenFields = new Set<string>();
    (Array.isArray(flow[key]) ? flow[key] : []).forEach((entry, i) => {
      if (!isObject(entry)) return;
      if (seenIds.has(entry.id))
        report(file, `/${key}/${i}/id`, `duplicate id "${String(entry.id)}"`);
      seenIds.add(entry.id);
      (Array.isArray(entry.fields) ? entry.fields : []).forEach((name, j) => {
        if (typeof name !== 'string') return;
        const here = `/${key}/${i}/fields/${j}`;
        if (!known(name)) report(file, here, `field "${name}" is not in schema ${flow.schema}`);
        else if (!Object.hasOwn(fields, name))
          report(file, here, `field "${name}" is not in fields`);
        if (seenFields.has(name)) report(file, here, `field "${name}" is in two ${key}`);
        seenFields.add(name);
      });
    });
  }
}

/** A journey's stages and variants may only name forms that exist under flows/forms. */
function checkJourneyForms(file: string, journey: JsonObject, forms: Set<string>): void {
  const named: [string, Json | undefined][] = [];
  (Array.isArray(journey.stages) ? journey.stages : []).forEach((stage, i) => {
    if (isObject(stage) && stage.form !== undefined) named.push([`/stages/${i}/form`, stage.form]);
  });
  for (const [variant, config] of Object.entries(
    isObject(journey.variants) ? journey.variants : {},
  )) {
    const own = isObject(config) && isObject(config.forms) ? config.forms : {};
    for (const [stage, form] of Object.entries(own))
      named.push([`/variants/${variant}/forms/${stage}`, form]);
  }
  for (const [pointer, form] of named) {
    if (typeof form === 'string' && !forms.has(form))
      report(file, pointer, `form "${form}" is not in flows/forms`);
  }
}

/** Where a text key of a page file leads in flows/texts: its file and its { en, es } leaf. */
function findText(texts: Map<string, Json>, key: string): { file: string; leaf: Json | undefined } {
  const [namespace = '', ...parts] = key.split('.');
  let node: Json | undefined = texts.get(namespace);
  for (const part of parts) node = isObject(node) ? node[part] : undefined;
  return { file: `flows/texts/${namespace}.json`, leaf: node };
}

/** A text key that flows/texts has in English and Spanish, or the problem. */
/** What is wrong with a text key: not in flows/texts, or without English or Spanish (none: []). */
function textKeyProblems(texts: Map<string, Json>, key: string): string[] {
  const { file, leaf } = findText(texts, key);
  // A plural text is its _one and _other forms.
  const forms = isObject(leaf)
    ? [leaf]
    : [findText(texts, `${key}_one`).leaf, findText(texts, `${key}_other`).leaf];
  if (!forms.every((form) => isObject(form) && ('en' in form || 'es' in form)))
    return [`text "${key}" is not in flows/texts`];
  const problems = new Set<string>();
  for (const form of forms as JsonObject[]) {
    if (typeof form.en !== 'string' || form.en.trim() === '')
      problems.add(`text "${key}" has no English text (en) in ${file}`);
    if (typeof form.es !== 'string' || form.es.trim() === '')
      problems.add(`text "${key}" has no Spanish text (es) in ${file}`);
  }
  return [...problems];
}

/**
 * A payment journey's stage declarations: their rules (context, prefill, lines, addMethod) are
 * well formed, and their lines' texts are in flows/texts in both languages.
 */
function checkJourneyStages(file: string, journey: JsonObject, texts: Map<string, Json>): void {
  const stages = Array.isArray(journey.stages) ? journey.stages : [];
  for (const [i, stage] of stages.entries()) {
    if (!isObject(stage)) continue;
    const here = `/stages/${i}`;
    const rules: [string, Json][] = [];
    for (const map of ['context', 'prefill'] as const) {
      const entries = isObject(stage[map]) ? Object.entries(stage[map]) : [];
      for (const [name, rule] of entries) rules.push([`${here}/${map}/${name}`, rule]);
    }
    if (isObject(stage.addMethod) && stage.addMethod.contact !== undefined)
      rules.push([`${here}/addMethod/contact`, stage.addMethod.contact]);
    const lines = Array.isArray(stage.lines) ? stage.lines : [];
    for (const [j, line] of lines.entries()) {
      if (!isObject(line)) continue;
      const at = `${here}/lines/${j}`;
      if (line.value !== undefined) rules.push([`${at}/value`, line.value]);
      for (const [name, rule] of Object.entries(isObject(line.values) ? line.values : {}))
        rules.push([`${at}/values/${name}`, rule]);
      for (const key of ['label', 'text'] as const) {
        const text = line[key];
        if (typeof text !== 'string') continue;
        for (const problem of textKeyProblems(texts, text)) report(file, `${at}/${key}`, problem);
      }
    }
    for (const [pointer, rule] of rules)
      for (const problem of checkExpression(rule, pointer))
        report(file, '', `malformed rule: ${problem}`);
  }
}

/** Properties of a journey's stages (and the page's offer) that hold text keys. */
const STAGE_TEXT_PROPERTIES = new Set([
  'heading',
  'description',
  'text',
  'header',
  'label',
  'empty',
  'back',
  'title',
  'body',
  'code',
  'again',
  'alert',
  'toast',
]);

/** The text keys in a journey's stages: every string of a text property, and byStatus texts. */
function stageTextKeys(
  value: Json | undefined,
  pointer: string,
  keys: [string, Json | undefined][],
): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => stageTextKeys(item, `${pointer}/${i}`, keys));
    return;
  }
  if (!isObject(value)) return;
  for (const [name, inner] of Object.entries(value)) {
    const here = `${pointer}/${name}`;
    // Rules (JSON Logic) hold no text keys.
    if (
      ['when', 'from', 'items', 'rows', 'value', 'equals', 'args', 'body', 'prefill'].includes(
        name,
      ) &&
      !(name === 'items' && Array.isArray(inner)) &&
      !(name === 'body' && typeof inner === 'string')
    )
      continue;
    if (typeof inner === 'string' && STAGE_TEXT_PROPERTIES.has(name)) keys.push([here, inner]);
    else if (name === 'byStatus' && isObject(inner))
      for (const [status, key] of Object.entries(inner)) keys.push([`${here}/${status}`, key]);
    else if (name === 'label' && typeof inner === 'string') keys.push([here, inner]);
    else stageTextKeys(inner, here, keys);
  }
}

/** The JSON Logic rules of a journey stage, each with its JSON path. */
function stageRules(stage: JsonObject, here: string): [string, Json][] {
  const rules: [string, Json][] = [];
  const object = (value: Json | undefined) => (isObject(value) ? value : {});
  const add = (pointer: string, rule: Json | undefined) => {
    if (rule !== undefined) rules.push([pointer, rule]);
  };
  const each = (value: Json | undefined, pointer: string) => {
    for (const [name, rule] of Object.entries(object(value))) add(`${pointer}/${name}`, rule);
  };
  each(object(stage.load).args, `${here}/load/args`);
  each(object(stage.form).prefill, `${here}/form/prefill`);
  each(object(stage.submit).body, `${here}/submit/body`);
  for (const [name, value] of Object.entries(object(stage.values)))
    add(`${here}/values/${name}/from`, object(value).from);
  for (const [name, value] of Object.entries(object(stage.pick)))
    for (const key of ['from', 'equals']) add(`${here}/pick/${name}/${key}`, object(value)[key]);
  for (const [name, value] of Object.entries(object(stage.options)))
    add(`${here}/options/${name}/items`, object(value).items);
  const blocks = (list: Json | undefined, pointer: string) => {
    (Array.isArray(list) ? list : []).forEach((entry, i) => {
      const block = object(entry);
      const at = `${pointer}/${i}`;
      add(`${at}/when`, block.when);
      add(`${at}/rows`, block.rows);
      if (Array.isArray(block.items))
        block.items.forEach((line, j) => {
          for (const key of ['value', 'when']) add(`${at}/items/${j}/${key}`, object(line)[key]);
        });
      else add(`${at}/items`, block.items);
      blocks(block.blocks, `${at}/blocks`);
    });
  };
  blocks(stage.blocks, `${here}/blocks`);
  return rules;
}

/** The text keys of a page file, each with its JSON path (see schemas/meta/page.schema.json). */
function pageTextKeys(page: JsonObject): [string, Json | undefined][] {
  const keys: [string, Json | undefined][] = [];
  stageTextKeys(page.stages, '/stages', keys);
  stageTextKeys(page.offer, '/offer', keys);
  const at = (pointer: string, value: Json | undefined) => {
    if (value !== undefined) keys.push([pointer, value]);
  };
  const object = (value: Json | undefined) => (isObject(value) ? value : {});
  at('/title', page.title);
  at('/description', page.description);
  at('/back/text', object(page.back).text);
  at('/prompt/text', object(page.prompt).text);
  at('/prompt/link/text', object(object(page.prompt).link).text);
  at('/done/text', object(page.done).text);
  for (const key of ['heading', 'text', 'hours']) at(`/aside/${key}`, object(page.aside)[key]);
  for (const [name, value] of Object.entries(object(page.values)))
    at(`/values/${name}/otherwise`, object(value).otherwise);
  (Array.isArray(page.forms) ? page.forms : []).forEach((entry, i) => {
    const form = object(entry);
    const here = `/forms/${i}`;
    at(`${here}/section/heading`, object(form.section).heading);
    at(`${here}/section/description`, object(form.section).description);
    at(`${here}/legalNote/text`, object(form.legalNote).text);
    const submit = object(form.submit);
    const success = object(submit.success);
    at(`${here}/submit/success/toast/title`, object(success.toast).title);
    at(`${here}/submit/success/toast/body`, object(success.toast).body);
    const confirmation = object(success.confirmation);
    for (const key of ['title', 'body', 'code', 'again'])
      at(`${here}/submit/success/confirmation/${key}`, confirmation[key]);
    (Array.isArray(confirmation.links) ? confirmation.links : []).forEach((link, j) =>
      at(`${here}/submit/success/confirmation/links/${j}/text`, object(link).text),
    );
    const failure = object(submit.failure);
    at(`${here}/submit/failure/alert`, failure.alert);
    at(`${here}/submit/failure/toast`, failure.toast);
    for (const [status, key] of Object.entries(object(failure.byStatus)))
      at(`${here}/submit/failure/byStatus/${status}`, key);
  });
  return keys;
}

/**
 * A page file names forms, data sources, calls and texts that exist, prefills fields its form's
 * schema has, and writes well-formed rules.
 */
// The addresses router.tsx shows by itself, and those page files have claimed so far.
const routerPaths = new Set(
  [
    ...routesByFeature(await readFile(path.join(root, 'src/web/app/router.tsx'), 'utf8')).values(),
  ].flat(),
);
const pagePaths = new Map<string, string>();
/** The page offered at each place and order so far: `plan 1` → its file. */
const offerOrders = new Map<string, string>();

/** An offer's own checks (see schemas/meta/page.schema.json `offer`). */
function checkOffer(file: string, page: JsonObject): void {
  const offer = page.offer;
  if (!isObject(offer)) return;
  const paths = (Array.isArray(page.routes) ? page.routes : []).flatMap((route) =>
    isObject(route) && typeof route.path === 'string' ? [{ path: route.path }] : [],
  );
  if (!offerRoute(paths))
    report(
      file,
      '/offer',
      'an offered page needs a route with :accountNumber (the link leads there)',
    );
  const known: readonly string[] = OFFER_FACT_NAMES;
  for (const fact of readFacts(offer.when))
    if (!known.includes(fact))
      report(file, '/offer/when', `unknown fact "${fact}" (an offer reads ${known.join(', ')})`);
  const order = typeof offer.order === 'number' ? offer.order : 0;
  for (const place of Array.isArray(offer.places) ? offer.places : []) {
    const key = `${String(place)} ${order}`;
    const other = offerOrders.get(key);
    if (other)
      report(
        file,
        '/offer/order',
        `${other} is offered at ${String(place)} with order ${order} too`,
      );
    else offerOrders.set(key, path.relative(flowsDir, file));
  }
}

async function checkPage(
  file: string,
  page: JsonObject,
  forms: Map<string, string>,
  texts: Map<string, Json>,
): Promise<void> {
  for (const [i, route] of (Array.isArray(page.routes) ? page.routes : []).entries()) {
    if (!isObject(route) || typeof route.path !== 'string') continue; // the meta-schema reports it
    const claimed = pagePaths.get(route.path);
    if (routerPaths.has(route.path))
      report(file, `/routes/${i}/path`, `"${route.path}" is already a page of router.tsx`);
    else if (claimed)
      report(file, `/routes/${i}/path`, `"${route.path}" is already the address of ${claimed}`);
    else pagePaths.set(route.path, path.relative(flowsDir, file));
  }
  checkOffer(file, page);
  const sources: readonly string[] = DATA_SOURCES;
  for (const name of Object.keys(isObject(page.data) ? page.data : {})) {
    if (!sources.includes(name))
      report(file, `/data/${name}`, `data source "${name}" is not one of ${sources.join(', ')}`);
  }
  for (const [name, value] of Object.entries(isObject(page.values) ? page.values : {})) {
    if (isObject(value) && value.from !== undefined)
      for (const problem of checkExpression(value.from, `/values/${name}/from`))
        report(file, '', `malformed rule: ${problem}`);
  }
  for (const [pointer, key] of pageTextKeys(page)) {
    if (typeof key !== 'string') continue; // the meta-schema reports it
    for (const problem of textKeyProblems(texts, key)) report(file, pointer, problem);
  }
  const calls: readonly string[] = SUBMIT_CALLS;
  const loads: readonly string[] = LOAD_CALLS;
  const stages = Array.isArray(page.stages) ? page.stages : [];
  const stageIds = new Set<string>();
  for (const [i, entry] of stages.entries()) {
    if (!isObject(entry)) continue;
    const here = `/stages/${i}`;
    if (typeof entry.id === 'string') {
      if (stageIds.has(entry.id)) report(file, `${here}/id`, `stage "${entry.id}" is twice`);
      stageIds.add(entry.id);
    }
    const load = isObject(entry.load) ? entry.load.call : undefined;
    if (typeof load === 'string' && !loads.includes(load))
      report(file, `${here}/load/call`, `load "${load}" is not one of ${loads.join(', ')}`);
    const call = isObject(entry.submit) ? entry.submit.call : undefined;
    if (typeof call === 'string' && !calls.includes(call))
      report(file, `${here}/submit/call`, `call "${call}" is not one of ${calls.join(', ')}`);
    if (entry.submit !== undefined && i !== stages.length - 1)
      report(file, `${here}/submit`, 'only the last stage submits');
    if (entry.submit !== undefined && !isObject(entry.form))
      report(file, `${here}/submit`, 'a stage that submits needs a form');
    const form = isObject(entry.form) ? entry.form.form : undefined;
    if (typeof form === 'string' && !forms.has(form))
      report(file, `${here}/form/form`, `form "${form}" is not in flows/forms`);
    for (const [pointer, rule] of stageRules(entry, here))
      for (const problem of checkExpression(rule, pointer))
        report(file, '', `malformed rule: ${problem}`);
  }
  const entries = Array.isArray(page.forms) ? page.forms : [];
  for (const [i, entry] of entries.entries()) {
    if (!isObject(entry)) continue;
    const here = `/forms/${i}`;
    const call = isObject(entry.submit) ? entry.submit.call : undefined;
    if (typeof call === 'string' && !calls.includes(call))
      report(file, `${here}/submit/call`, `call "${call}" is not one of ${calls.join(', ')}`);
    const prefill = isObject(entry.prefill) ? entry.prefill : {};
    for (const [field, rule] of Object.entries(prefill))
      for (const problem of checkExpression(rule, `${here}/prefill/${field}`))
        report(file, '', `malformed rule: ${problem}`);
    if (typeof entry.form !== 'string') continue;
    const schemaName = forms.get(entry.form);
    if (schemaName === undefined) {
      report(file, `${here}/form`, `form "${entry.form}" is not in flows/forms`);
      continue;
    }
    let properties: JsonObject = {};
    try {
      const schemaFile = path.join(schemasDir, `${schemaName}.schema.json`);
      const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as JsonObject;
      properties = isObject(schema.properties) ? schema.properties : {};
    } catch {
      continue; // the form's own check names a missing schema
    }
    for (const field of Object.keys(prefill)) {
      if (!Object.hasOwn(properties, field))
        report(file, `${here}/prefill/${field}`, `field "${field}" is not in schema ${schemaName}`);
    }
  }
}

const files = await listJson(flowsDir);
const formNames = new Set(
  files
    .filter((file) => path.relative(flowsDir, file).startsWith(`forms${path.sep}`))
    .map((file) => path.basename(file, '.json')),
);
// The variants the rules may offer are the payment journey's (flows/journeys/payment.json).
const journeyFile = path.join(flowsDir, 'journeys', 'payment.json');
const journeyJson = files.includes(journeyFile)
  ? await readFile(journeyFile, 'utf8')
      .then((text) => JSON.parse(text) as Json)
      .catch(() => undefined)
  : undefined;
const rulesContext: RulesCheckContext = {
  optionVariants:
    isObject(journeyJson) && isObject(journeyJson.variants)
      ? optionVariantIds(journeyJson as unknown as PaymentJourneyFile)
      : [],
};
// Each form's schema name (flows/forms/<name>.json "schema"), and the texts by namespace.
const formSchemas = new Map<string, string>();
const texts = new Map<string, Json>();
for (const file of files) {
  const relative = path.relative(flowsDir, file);
  const inForms = relative.startsWith(`forms${path.sep}`);
  if (!inForms && !relative.startsWith(`texts${path.sep}`)) continue;
  let json: Json;
  try {
    json = JSON.parse(await readFile(file, 'utf8')) as Json;
  } catch {
    continue; // reported below
  }
  const name = path.basename(file, '.json');
  if (inForms)
    formSchemas.set(name, isObject(json) && typeof json.schema === 'string' ? json.schema : '');
  else texts.set(name, json);
}
for (const file of files) {
  const json = await readJson(file);
  if (json === undefined) continue;
  if (!isObject(json)) {
    report(file, '', 'a flow file must be a JSON object');
    continue;
  }
  const metaValid = await checkAgainstMeta(file, json);
  checkTexts(file, json, '');
  checkRules(file, json, '');
  const relative = path.relative(flowsDir, file);
  if (relative.startsWith(`forms${path.sep}`)) await checkFormAgainstSchema(file, json);
  // Rules files also get their domain's own checks: unknown fact names, outcomes, derived values.
  const domainCheck = relative.startsWith(`rules${path.sep}`)
    ? RULES_CHECKS[path.basename(file, '.json')]
    : undefined;
  for (const problem of domainCheck?.(json as unknown as RulesFile, rulesContext) ?? [])
    report(file, '', problem);
  if (relative.startsWith(`pages${path.sep}`)) await checkPage(file, json, formSchemas, texts);
  if (relative.startsWith(`calendars${path.sep}`) && metaValid) {
    for (const problem of checkHolidayCalendar(json as unknown as HolidayCalendar))
      report(file, '', problem);
  }
  if (relative === path.join('policies', 'sign-in.json') && metaValid) {
    await checkSignInPolicyFile(file, json as unknown as SignInPolicy);
  }
  if (relative.startsWith(`journeys${path.sep}`)) {
    checkJourneyForms(file, json, formNames);
    checkJourneyStages(file, json, texts);
    for (const problem of checkPaymentJourney(json as unknown as PaymentJourneyFile)) {
      report(file, '', problem);
    }
  }
}

if (problems.length > 0) {
  for (const line of problems) console.error(line);
  console.error(`check:config: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.log(`check:config: ${files.length} files OK`);
