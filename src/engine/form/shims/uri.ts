/**
 * Build-time stand-in for `fast-uri` (about 8 KB gzip), of which RJSF's `findSchemaDefinition`
 * uses only `resolve` and `equal` on schema `$id`/`$ref` values. The platform URL parser does both
 * (RFC 3986 reference resolution). Relative bases such as `/schemas/forms/x.json` are resolved
 * against a placeholder origin that is removed again. Wired by `resolve.alias` in vite.config.ts.
 */
const PLACEHOLDER = 'rjsf-schema://local';

function absolute(uri: string, base?: URL): URL {
  return new URL(uri, base ?? PLACEHOLDER);
}

function strip(url: URL): string {
  const text = url.href;
  return text.startsWith(PLACEHOLDER) ? text.slice(PLACEHOLDER.length) : text;
}

export function resolve(base: string, ref: string): string {
  return strip(absolute(ref, absolute(base)));
}

export function equal(a: string, b: string): boolean {
  return strip(absolute(a)) === strip(absolute(b));
}

export default { resolve, equal };
