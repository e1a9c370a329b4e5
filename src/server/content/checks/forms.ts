/**
 * Form flows against their JSON Schemas, the sign-in policy against the sign-in form, and the
 * payment journey's stages: the forms they name, their rules and their texts.
 */
import { checkExpression } from '@/engine/rules/json-logic';
import { checkSignInPolicy, isFactor, type SignInPolicy } from '@/domain/sign-in-policy';
import { checkRuleList, textKeyProblems } from './texts';
import { isObject, type Json, type JsonObject, type Report } from './types';

/** JSON Schema keywords the form engine does not render (see `unsupported` below). */
const UNSUPPORTED_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);

/** Reads a schema of the schemas folder (`forms/x.schema.json`) and names it in messages. */
export interface SchemaReader {
  read(relative: string): Promise<JsonObject>;
  label(relative: string): string;
}

/**
 * The sign-in policy's own checks, and the sign-in form against it: every kind the form offers
 * must be a factor that some combination allows in that slot, or the form would offer a choice
 * the server always refuses.
 */
export async function checkSignInPolicyFile(
  report: Report,
  schemas: SchemaReader,
  file: string,
  policy: SignInPolicy,
): Promise<void> {
  for (const problem of checkSignInPolicy(policy)) report(file, '', problem);
  const formFile = 'forms/sign-in.schema.json';
  let offered: string[] = [];
  try {
    const schema = (await schemas.read(formFile)) as {
      definitions?: { verificationKind?: { enum?: string[] } };
    };
    offered = schema.definitions?.verificationKind?.enum ?? [];
  } catch {
    report(file, '', `cannot read ${schemas.label(formFile)}`);
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

export async function checkFormAgainstSchema(
  report: Report,
  schemas: SchemaReader,
  file: string,
  flow: JsonObject,
): Promise<void> {
  if (typeof flow.schema !== 'string') return; // the meta-schema reports it
  const schemaFile = `${flow.schema}.schema.json`;
  let schema: JsonObject;
  try {
    schema = await schemas.read(schemaFile);
  } catch {
    report(file, '/schema', `schema "${flow.schema}" not found at ${schemas.label(schemaFile)}`);
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
export function checkJourneyForms(
  report: Report,
  file: string,
  journey: JsonObject,
  forms: Set<string>,
): void {
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

/**
 * A payment journey's stage declarations: their rules (context, prefill, lines, addMethod) are
 * well formed, and their lines' texts are in flows/texts in both languages.
 */
export function checkJourneyStages(
  report: Report,
  file: string,
  journey: JsonObject,
  texts: Map<string, Json>,
): void {
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
    checkRuleList(report, file, rules);
  }
}
