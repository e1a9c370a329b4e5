/**
 * Build-time stand-in for RJSF's `shallowAllOfMerge`, which brings `@x0k/json-schema-merge`
 * (about 4 KB gzip) into every form page for a keyword our form schemas do not use:
 * `npm run check:config` refuses `allOf` in schemas/forms/ (the server, which validates with ajv,
 * is not affected). Should a schema reach it anyway, the parts are merged shallowly: properties
 * and required lists are joined, any other keyword takes the last part's value. Wired by
 * `resolve.alias` in vite.config.ts.
 */
type Schema = Record<string, unknown> & {
  allOf?: unknown[];
  properties?: Record<string, unknown>;
  required?: string[];
};

export default function shallowAllOfMerge(schema: Schema): Schema {
  const { allOf = [], ...rest } = schema;
  return allOf.reduce<Schema>((merged, part) => {
    if (typeof part !== 'object' || part === null) return merged;
    const next = part as Schema;
    return {
      ...merged,
      ...next,
      properties: { ...merged.properties, ...next.properties },
      required: [...new Set([...(merged.required ?? []), ...(next.required ?? [])])],
    };
  }, rest);
}
