/**
 * One route as an OpenAPI operation: its parameters, request body, answers and security, with the
 * shared responses and parameters it uses collected for the document's components.
 */
import type { PortalContext } from '../context';
import type { SchemaComponents } from './components';
import { ERRORS, RETRY_AFTER } from './descriptions';
import type { RouteRecord } from './route-record';

export type Json = Record<string, unknown>;

export const FORM_ID = (name: string) => `/schemas/forms/${name}.json`;

export const idOf = (schema: unknown): string | undefined => {
  const id = (schema as { $id?: unknown } | undefined)?.$id;
  return typeof id === 'string' ? id : undefined;
};

export class OperationBuilder {
  readonly responses = new Map<string, Json>();
  readonly parameters = new Map<string, Json>();

  constructor(
    readonly components: SchemaComponents,
    private readonly ctx: PortalContext,
  ) {}

  /** A schema given by a route: a `$ref` to its component if it has an `$id`, else inlined. */
  schema(schema: unknown): unknown {
    const id = idOf(schema);
    if (id && this.components.has(id)) return this.components.ref(id);
    return this.components.rewrite(schema, id);
  }

  /** The properties and required list of an object schema (query string, path parameters). */
  private objectProperties(schema: unknown): {
    properties: [string, unknown][];
    required: string[];
    id?: string;
  } {
    const id = idOf(schema);
    const node = ((id ? this.ctx.schemas.byId.get(id) : undefined) ?? schema) as Json | undefined;
    return {
      properties: Object.entries((node?.properties as Json | undefined) ?? {}),
      required: (node?.required as string[] | undefined) ?? [],
      id,
    };
  }

  private parameter(name: string, definition: Json): Json {
    this.parameters.set(name, definition);
    return { $ref: `#/components/parameters/${name}` };
  }

  private errorResponse(status: string): Json {
    const known = ERRORS[status] ?? { name: `Error${status}`, description: `Error ${status}.` };
    this.responses.set(known.name, {
      description: known.description,
      ...(RETRY_AFTER[status]
        ? {
            headers: {
              'Retry-After': {
                description: RETRY_AFTER[status],
                schema: { type: 'integer', minimum: 1 },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: this.components.ref('/schemas/api/error.json') } },
    });
    return { $ref: `#/components/responses/${known.name}` };
  }

  /** A body schema as one object schema, references into components resolved one level. */
  private flat(schema: unknown, id?: string): Json {
    if (id && this.components.has(id)) {
      return this.components.rewrite(this.components.body(id), id) as Json;
    }
    return (schema ?? {}) as Json;
  }

  private requestBody(route: RouteRecord): Json | undefined {
    let schema: unknown;
    let flat: Json;
    let required = true;
    const notes: string[] = [];
    if (route.form) {
      const formId = FORM_ID(route.form);
      if (!route.formWith) {
        schema = this.components.ref(formId);
        flat = this.flat(schema, formId);
      } else {
        // One flat object: the form's schema forbids other properties, so allOf cannot add them.
        const form = this.flat(undefined, formId);
        const extra = this.objectProperties(route.formWith);
        schema = {
          ...form,
          properties: {
            ...Object.fromEntries(
              extra.properties.map(([name, p]) => [name, this.components.rewrite(p, extra.id)]),
            ),
            ...(form.properties as Json),
          },
          required: [...extra.required, ...((form.required as string[] | undefined) ?? [])],
        };
        flat = schema as Json;
      }
      notes.push(
        `The data of the form \`${route.form}\`, validated like the browser form (the same schema and the rules of flows/forms/${route.form}.json); errors name its fields.`,
      );
    } else if (route.body) {
      const id = idOf(route.body);
      const source = id ? this.ctx.schemas.byId.get(id) : route.body;
      const type = (source as Json | undefined)?.type;
      required = !(Array.isArray(type) && type.includes('null'));
      schema = this.schema(route.body);
      flat = this.flat(schema, id);
    } else {
      return undefined;
    }
    const names = Object.keys((flat.properties as Json | undefined) ?? {});
    const list = (items: string[]) => items.map((name) => `\`${name}\``).join(', ');
    if (names.length > 0) notes.push(`Field names: ${list(names)}.`);
    else notes.push('No fields: an empty object (or no body).');
    if (route.aliases) {
      // The other shape: the same object with the aliases in place of the names they stand for.
      const rename = Object.fromEntries(Object.entries(route.aliases).map(([a, n]) => [n, a]));
      const other: Json = {
        ...flat,
        description: 'The same fields under their other names (the spec, section 3).',
        properties: Object.fromEntries(
          Object.entries((flat.properties as Json | undefined) ?? {}).map(([name, property]) => [
            rename[name] ?? name,
            property,
          ]),
        ),
        required: ((flat.required as string[] | undefined) ?? []).map((n) => rename[n] ?? n),
      };
      // anyOf: a body that uses none of the aliases is valid under both.
      schema = { anyOf: [schema, other] };
      notes.push(
        `Or the same fields under other names (spec section 3): ${Object.entries(route.aliases)
          .map(([alias, name]) => `\`${alias}\` for \`${name}\``)
          .join(', ')}; one body uses one set of names, and errors name the fields as sent.`,
      );
    }
    return {
      required,
      description: notes.join(' '),
      content: { 'application/json': { schema } },
    };
  }

  operation(route: RouteRecord): Json {
    const family =
      route.prefix === '' ? 'Service' : (route.url.slice(route.prefix.length).split('/')[1] ?? '');
    const parameters: Json[] = [];
    if (route.prefix !== '') {
      parameters.push(
        this.parameter('SessionId', {
          name: 'X-Session-Id',
          in: 'header',
          required: true,
          description:
            'An id the client makes for its browser session (any text, 1 to 200 characters). Every /api call sends it; analytics events store only its hash.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        }),
        this.parameter('AcceptLanguage', {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description:
            'The language of error messages and files: `en` (default) or `es`, with the usual q-values.',
          schema: { type: 'string', examples: ['es', 'en-US,en;q=0.9'] },
        }),
      );
    }
    if (route.idempotent) {
      parameters.push(
        this.parameter('IdempotencyKey', {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'One key per payment attempt (1 to 255 visible ASCII characters), kept across retries: a retry with the same key and body gets the first answer again (with `Idempotent-Replayed: true`) and never pays twice. The same key with another body is 422; while the first request still runs, 409.',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
        }),
      );
    }
    for (const where of ['path', 'query'] as const) {
      const { properties, required, id } = this.objectProperties(
        where === 'path' ? route.params : route.querystring,
      );
      for (const [name, property] of properties) {
        const schema = this.components.rewrite(property, id) as Json;
        const { description, ...rest } = schema;
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.includes(name),
          ...(typeof description === 'string' ? { description } : {}),
          schema: rest,
        });
      }
    }

    const responses: Record<string, Json> = {};
    for (const [status, schema] of Object.entries(route.response)) {
      if (/^2/.test(status)) {
        const answer: Json = {
          description: 'Success.',
          content: { 'application/json': { schema: this.schema(schema) } },
        };
        if (route.idempotent) {
          answer.headers = {
            'Idempotent-Replayed': {
              description:
                '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
              schema: { type: 'string', enum: ['true'] },
            },
          };
        }
        responses[status] = answer;
      }
    }
    if (route.produces) {
      responses['200'] = {
        description: `The document, as a file to save (${route.produces}).`,
        headers: {
          'Content-Disposition': {
            description: 'attachment, with a file name',
            schema: { type: 'string' },
          },
        },
        content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
      };
    }
    if (route.noContent) responses['204'] = { description: 'Done; no body.' };

    const errors = new Set(Object.keys(route.response).filter((status) => !/^2/.test(status)));
    if (route.prefix !== '') errors.add('400');
    if (route.roles) ['401', '403'].forEach((status) => errors.add(status));
    if (route.limits.length > 0) errors.add('429');
    if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
      ['413', '415'].forEach((status) => errors.add(status));
    }
    errors.add('500');
    // Every call that reads or writes the database: it may be briefly out of reach.
    if (route.prefix !== '') errors.add('503');
    for (const status of [...errors].sort()) responses[status] = this.errorResponse(status);

    const notes: string[] = [];
    if (route.description) notes.push(route.description);
    if (route.limits.length > 0) {
      const per = route.limits.map(
        (l) =>
          `${l.max} per ${l.per === 'address' ? 'client address' : 'identity'} in ${l.windowSeconds} seconds`,
      );
      notes.push(`Rate limited (429 with Retry-After beyond): ${per.join(', ')}.`);
    }
    if (route.bodyLimit !== undefined) {
      notes.push(`Bodies of up to ${route.bodyLimit.toLocaleString('en-US')} bytes (413 beyond).`);
    }
    if (route.roles?.includes('agency-key')) {
      notes.push('Agency API key (`Authorization: Bearer pak_…`) only.');
    } else if (route.roles) {
      notes.push(`Access token roles: ${route.roles.map((r) => `\`${r}\``).join(', ')}.`);
    } else if (route.optionalAuth) {
      notes.push('Open; an access token, if sent, links the call to the signed-in debtor.');
    }
    const op: Json = {
      operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
      summary: route.summary ?? `${route.method} ${route.url}`,
      ...(notes.length > 0 ? { description: notes.join('\n\n') } : {}),
      tags: [family],
      parameters,
    };
    const body = this.requestBody(route);
    if (body) op.requestBody = body;
    op.responses = responses;
    if (route.roles?.includes('agency-key')) {
      // The agency's events feed (events/feed.ts): an agency API key, not a debtor's token.
      op.security = [{ agencyKey: [] }];
    } else if (route.roles) {
      op.security = [{ bearer: [] }];
      op['x-roles'] = route.roles;
    } else if (route.optionalAuth) {
      op.security = [{}, { bearer: [] }];
    } else {
      op.security = [];
    }
    return op;
  }
}
