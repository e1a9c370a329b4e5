/**
 * Form flows against their JSON Schemas, the sign-in policy against the sign-in form, and the
 * payment journey's stages: the forms they name, their rules and their texts.
 */
import { checkExpression } from '@/engine/rules/json-logic';
import { checkSignInPolicy, isFactor, type SignInPolicy } from '@/domain/sign-in-policy';
import { checkRuleList, textKeyProblems } from './texts';
import { problem } from './problems';
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
  for (const detail of checkSignInPolicy(policy)) report(file, '', problem('domain', { detail }));
  const formFile = 'forms/sign-in.schema.json';
  let offered: string[] = [];
  try {
    const schema = (await schemas.read(formFile)) as {
      definitions?: { verificationKind?: { enum?: string[] } };
    };
    offered = schema.definitions?.verificationKind?.enum ?? [];
  } catch {
    report(file, '', problem('schemaUnreadable', { schema: schemas.label(formFile) }));
    return;
  }
  for (const kind of offered) {
    for (const slot of ['option1', 'option2'] as const) {
      const allowed = policy.combinations.some(
        (c) => isFactor(policy, kind) && (c[slot] as readonly string[]).includes(kind),
      );
      if (!allowed) {
        report(file, '/combinations', problem('signInKindNotAllowed', { kind, slot }));
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
  const schemaName = flow.schema;
  const schemaFile = `${schemaName}.schema.json`;
  let schema: JsonObject;
  try {
    schema = await schemas.read(schemaFile);
  } catch {
    report(
      file,
      '/schema',
      problem('schemaNotFound', { schema: schemaName, file: schemas.label(schemaFile) }),
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
            problem('unsupportedKeyword', {
              schema: schemaName,
              keyword: key,
              at: `${pointer}/${key}`,
            }),
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
      report(
        file,
        `/fields/${name}`,
        problem('fieldNotInSchema', { field: name, schema: schemaName }),
      );
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
            problem('optionNotInEnum', { option, field: name }),
          );
        }
      }
    }
  }
  (Array.isArray(flow.order) ? flow.order : []).forEach((entry, i) => {
    if (typeof entry !== 'string') {
      for (const detail of checkExpression(entry, `/order/${i}`))
        report(file, '', problem('malformedRule', { detail }));
    }
    for (const name of orderFieldNames(entry)) {
      if (!known(name))
        report(
          file,
          `/order/${i}`,
          problem('fieldNotInSchema', { field: name, schema: schemaName }),
        );
    }
  });
  const sections = Array.isArray(flow.sections) ? flow.sections : [];
  const sectionIds = sections.map((section) => (isObject(section) ? section.id : undefined));
  (Array.isArray(flow.rules) ? flow.rules : []).forEach((rule, i) => {
    const names = isObject(rule) && Array.isArray(rule.fields) ? rule.fields : [];
    names.forEach((name, j) => {
      if (typeof name === 'string' && !known(name)) {
        report(
          file,
          `/rules/${i}/fields/${j}`,
          problem('fieldNotInSchema', { field: name, schema: schemaName }),
        );
      }
    });
    const ids = isObject(rule) && Array.isArray(rule.sections) ? rule.sections : [];
    ids.forEach((id, j) => {
      if (!sectionIds.includes(id)) {
        report(
          file,
          `/rules/${i}/sections/${j}`,
          problem('sectionNotFound', { section: String(id) }),
        );
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
        report(file, `/${key}/${i}/id`, problem('duplicateId', { id: String(entry.id) }));
      seenIds.add(entry.id);
      (Array.isArray(entry.fields) ? entry.fields : []).forEach((name, j) => {
        if (typeof name !== 'string') return;
        const here = `/${key}/${i}/fields/${j}`;
        if (!known(name))
          report(file, here, problem('fieldNotInSchema', { field: name, schema: schemaName }));
        else if (!Object.hasOwn(fields, name))
          report(file, here, problem('fieldNotInFields', { field: name }));
        if (seenFields.has(name))
          report(file, here, problem('fieldInTwo', { field: name, list: key }));
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
      report(file, pointer, problem('formNotFound', { form }));
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
        for (const check of textKeyProblems(texts, text)) report(file, `${at}/${key}`, check);
      }
    }
    checkRuleList(report, file, rules);
  }
}
