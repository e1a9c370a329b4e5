/**
 * Page files (flows/pages): the forms, data sources, calls and texts they name exist, prefills
 * name fields of the form's schema, rules are well formed, addresses are not taken, and offers
 * are sound. One `PageChecks` per tree checked: addresses and offer places are compared across
 * the tree's pages.
 */
import { checkExpression } from '@/engine/rules/json-logic';
import { readFacts } from '@/domain/rules';
import {
  DATA_SOURCES,
  LOAD_CALLS,
  OFFER_FACT_NAMES,
  SUBMIT_CALLS,
  offerRoute,
} from '@/domain/page-names';
import type { SchemaReader } from './forms';
import { problem } from './problems';
import { textKeyProblems } from './texts';
import { isObject, type Json, type JsonObject, type Report } from './types';

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

export class PageChecks {
  /** The addresses page files have claimed so far. */
  private readonly pagePaths = new Map<string, string>();
  /** The page offered at each place and order so far: `plan 1` → its file. */
  private readonly offerOrders = new Map<string, string>();

  constructor(
    private readonly report: Report,
    private readonly schemas: SchemaReader,
    /** The addresses router.tsx shows by itself. */
    private readonly routerPaths: ReadonlySet<string>,
  ) {}

  /** An offer's own checks (see schemas/meta/page.schema.json `offer`). */
  private checkOffer(file: string, page: JsonObject): void {
    const report = this.report;
    const offer = page.offer;
    if (!isObject(offer)) return;
    const paths = (Array.isArray(page.routes) ? page.routes : []).flatMap((route) =>
      isObject(route) && typeof route.path === 'string' ? [{ path: route.path }] : [],
    );
    if (!offerRoute(paths)) report(file, '/offer', problem('offerNeedsAccountRoute', {}));
    const known: readonly string[] = OFFER_FACT_NAMES;
    for (const fact of readFacts(offer.when))
      if (!known.includes(fact))
        report(file, '/offer/when', problem('unknownOfferFact', { fact, known: [...known] }));
    const order = typeof offer.order === 'number' ? offer.order : 0;
    for (const place of Array.isArray(offer.places) ? offer.places : []) {
      const key = `${String(place)} ${order}`;
      const other = this.offerOrders.get(key);
      if (other)
        report(
          file,
          '/offer/order',
          problem('offerOrderTaken', { other, place: String(place), order }),
        );
      else this.offerOrders.set(key, file);
    }
  }

  /**
   * A page file names forms, data sources, calls and texts that exist, prefills fields its
   * form's schema has, and writes well-formed rules.
   */
  async check(
    file: string,
    page: JsonObject,
    forms: Map<string, string>,
    texts: Map<string, Json>,
  ): Promise<void> {
    const report = this.report;
    for (const [i, route] of (Array.isArray(page.routes) ? page.routes : []).entries()) {
      if (!isObject(route) || typeof route.path !== 'string') continue; // the meta-schema reports it
      const claimed = this.pagePaths.get(route.path);
      if (this.routerPaths.has(route.path))
        report(file, `/routes/${i}/path`, problem('addressOfRouter', { address: route.path }));
      else if (claimed)
        report(
          file,
          `/routes/${i}/path`,
          problem('addressTaken', { address: route.path, other: claimed }),
        );
      else this.pagePaths.set(route.path, file);
    }
    this.checkOffer(file, page);
    const sources: readonly string[] = DATA_SOURCES;
    for (const name of Object.keys(isObject(page.data) ? page.data : {})) {
      if (!sources.includes(name))
        report(file, `/data/${name}`, problem('unknownDataSource', { name, known: [...sources] }));
    }
    for (const [name, value] of Object.entries(isObject(page.values) ? page.values : {})) {
      if (isObject(value) && value.from !== undefined)
        for (const detail of checkExpression(value.from, `/values/${name}/from`))
          report(file, '', problem('malformedRule', { detail }));
    }
    for (const [pointer, key] of pageTextKeys(page)) {
      if (typeof key !== 'string') continue; // the meta-schema reports it
      for (const check of textKeyProblems(texts, key)) report(file, pointer, check);
    }
    const calls: readonly string[] = SUBMIT_CALLS;
    const loads: readonly string[] = LOAD_CALLS;
    const stages = Array.isArray(page.stages) ? page.stages : [];
    const stageIds = new Set<string>();
    for (const [i, entry] of stages.entries()) {
      if (!isObject(entry)) continue;
      const here = `/stages/${i}`;
      if (typeof entry.id === 'string') {
        if (stageIds.has(entry.id))
          report(file, `${here}/id`, problem('stageTwice', { stage: entry.id }));
        stageIds.add(entry.id);
      }
      const load = isObject(entry.load) ? entry.load.call : undefined;
      if (typeof load === 'string' && !loads.includes(load))
        report(file, `${here}/load/call`, problem('unknownLoad', { load, known: [...loads] }));
      const call = isObject(entry.submit) ? entry.submit.call : undefined;
      if (typeof call === 'string' && !calls.includes(call))
        report(file, `${here}/submit/call`, problem('unknownCall', { call, known: [...calls] }));
      if (entry.submit !== undefined && i !== stages.length - 1)
        report(file, `${here}/submit`, problem('onlyLastStageSubmits', {}));
      if (entry.submit !== undefined && !isObject(entry.form))
        report(file, `${here}/submit`, problem('submitNeedsForm', {}));
      const form = isObject(entry.form) ? entry.form.form : undefined;
      if (typeof form === 'string' && !forms.has(form))
        report(file, `${here}/form/form`, problem('formNotFound', { form }));
      for (const [pointer, rule] of stageRules(entry, here))
        for (const detail of checkExpression(rule, pointer))
          report(file, '', problem('malformedRule', { detail }));
    }
    const entries = Array.isArray(page.forms) ? page.forms : [];
    for (const [i, entry] of entries.entries()) {
      if (!isObject(entry)) continue;
      const here = `/forms/${i}`;
      const call = isObject(entry.submit) ? entry.submit.call : undefined;
      if (typeof call === 'string' && !calls.includes(call))
        report(file, `${here}/submit/call`, problem('unknownCall', { call, known: [...calls] }));
      const prefill = isObject(entry.prefill) ? entry.prefill : {};
      for (const [field, rule] of Object.entries(prefill))
        for (const detail of checkExpression(rule, `${here}/prefill/${field}`))
          report(file, '', problem('malformedRule', { detail }));
      if (typeof entry.form !== 'string') continue;
      const schemaName = forms.get(entry.form);
      if (schemaName === undefined) {
        report(file, `${here}/form`, problem('formNotFound', { form: entry.form }));
        continue;
      }
      let properties: JsonObject = {};
      try {
        const schema = await this.schemas.read(`${schemaName}.schema.json`);
        properties = isObject(schema.properties) ? schema.properties : {};
      } catch {
        continue; // the form's own check names a missing schema
      }
      for (const field of Object.keys(prefill)) {
        if (!Object.hasOwn(properties, field))
          report(
            file,
            `${here}/prefill/${field}`,
            problem('fieldNotInSchema', { field, schema: schemaName }),
          );
      }
    }
  }
}
