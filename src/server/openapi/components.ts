/**
 * JSON Schemas (schemas/api, schemas/forms) as OpenAPI components, so that every `$ref` of the
 * document resolves inside the document. In OpenAPI a component's `$ref: "#/definitions/x"`
 * resolves against the document root, not the schema file it came from, so the files cannot be
 * copied as they are. Instead:
 *
 * - a schema becomes `#/components/schemas/<name>` (`debtor`, `form-dispute`) without its `$id`,
 *   `$schema` and `definitions`;
 * - each of its definitions becomes a component of its own, `<name>.<definition>`
 *   (`debtor.communicationPref`): unique, and named after the file it lives in;
 * - every `$ref` is rewritten to those names: `#/definitions/x` (its own file),
 *   `/schemas/api/account.json` and `/schemas/api/account.json#/definitions/x` (another file).
 *
 * Components are made when first referred to, so the document holds only the ones it uses. A
 * reference to a schema that is not loaded throws: a broken document never gets served.
 */

type Json = Record<string, unknown>;

const NAME = /^[A-Za-z0-9._-]+$/;
const DEFINITIONS = /^\/(definitions|\$defs)\/([^/]+)(.*)$/;

/** Keys a component does not keep: its identity, dialect, and the definitions made components. */
const DROPPED = ['$schema', '$id', 'definitions', '$defs'];

const unescapePointer = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

export class SchemaComponents {
  private readonly sources = new Map<string, { name: string; schema: Json }>();
  private readonly built = new Map<string, Json>();

  /** `schemas`: [$id, component name, schema] of every schema a route may name. */
  constructor(schemas: Iterable<readonly [string, string, Json]>) {
    for (const [id, name, schema] of schemas) {
      if (!NAME.test(name)) throw new Error(`OpenAPI component name "${name}" is not allowed`);
      this.sources.set(id, { name, schema });
    }
  }

  /** Whether a schema with this `$id` is known (so it can be referred to). */
  has(id: string): boolean {
    return this.sources.has(id);
  }

  /** The schema `$id` without the keys a component drops (to build a variant of it). */
  body(id: string): Json {
    const copy = { ...(this.sources.get(id)?.schema ?? {}) };
    for (const key of DROPPED) delete copy[key];
    return copy;
  }

  /** `{ $ref }` to the component of the schema `$id` (with an optional pointer into it). */
  ref(id: string, fragment = ''): { $ref: string } {
    return { $ref: this.pointer(id, fragment) };
  }

  /**
   * A copy of `node` with every `$ref` pointing into the document. `baseId` is the `$id` of the
   * schema `node` is part of (local `#/...` references are resolved against it).
   */
  rewrite(node: unknown, baseId?: string): unknown {
    if (Array.isArray(node)) return node.map((item) => this.rewrite(item, baseId));
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const hash = value.indexOf('#');
        const base = hash === -1 ? value : value.slice(0, hash);
        const fragment = hash === -1 ? '' : value.slice(hash + 1);
        const id = base === '' ? baseId : base;
        if (!id || !this.sources.has(id)) {
          throw new Error(`OpenAPI: cannot resolve $ref ${value}${baseId ? ` in ${baseId}` : ''}`);
        }
        out.$ref = this.pointer(id, fragment);
      } else {
        out[key] = this.rewrite(value, baseId);
      }
    }
    return out;
  }

  /** The components made so far, by name (sorted, for a stable document). */
  schemas(): Record<string, Json> {
    return Object.fromEntries([...this.built.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  private pointer(id: string, fragment: string): string {
    const source = this.sources.get(id);
    if (!source) throw new Error(`OpenAPI: no schema ${id}`);
    const definition = DEFINITIONS.exec(fragment);
    if (definition) {
      const [, keyword = '', escaped = '', rest = ''] = definition;
      const key = unescapePointer(escaped);
      const name = `${source.name}.${key}`;
      if (!NAME.test(name)) throw new Error(`OpenAPI component name "${name}" is not allowed`);
      const target = (source.schema[keyword] as Json | undefined)?.[key];
      if (target === undefined) throw new Error(`OpenAPI: no ${keyword}/${key} in ${id}`);
      this.build(name, () => this.rewrite(target, id) as Json);
      return `#/components/schemas/${name}${rest}`;
    }
    this.build(source.name, () => this.rewrite(this.body(id), id) as Json);
    return `#/components/schemas/${source.name}${fragment}`;
  }

  private build(name: string, make: () => Json): void {
    if (this.built.has(name)) return;
    // Registered before it is made, so a schema that refers to itself ends.
    const slot: Json = {};
    this.built.set(name, slot);
    Object.assign(slot, make());
  }
}
