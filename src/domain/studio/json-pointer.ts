/**
 * JSON pointers (RFC 6901) over a flows/ file: how the studio names a value of a file, as the
 * server's checks and review name it (`/single/en`, `/payment/minSinglePayment`).
 */

/** One step into a JSON value: a property name or an array index. */
export type PathStep = string | number;

const escapeStep = (step: PathStep): string =>
  String(step).replaceAll('~', '~0').replaceAll('/', '~1');

/** The pointer of a path: `['blocks', 0, 'text']` -> `/blocks/0/text`; `[]` -> `` (the whole file). */
export function toPointer(path: readonly PathStep[]): string {
  return path.map((step) => `/${escapeStep(step)}`).join('');
}

/** The steps of a pointer, as strings (`/blocks/0/text` -> `['blocks', '0', 'text']`). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * A path as people read it: `cancel.consequences[0].text`; array items by index, names by dots.
 * The whole file is `(file)`-less: an empty string.
 */
export function readablePath(path: readonly PathStep[]): string {
  return path
    .map((step, index) =>
      typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`,
    )
    .join('');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` in `json`, or undefined when a step is missing. */
export function valueAt(json: unknown, path: readonly PathStep[]): unknown {
  let here = json;
  for (const step of path) {
    if (Array.isArray(here) && typeof step === 'number') here = here[step];
    else if (isRecord(here) && Object.hasOwn(here, String(step))) here = here[String(step)];
    else return undefined;
  }
  return here;
}

/**
 * A copy of `json` with `value` at `path` (every object and array on the way copied, the rest
 * shared). A step that does not exist yet is made as an object property.
 */
export function withValueAt(json: unknown, path: readonly PathStep[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (Array.isArray(json) && typeof step === 'number') {
    const copy = [...json];
    copy[step] = withValueAt(json[step], rest, value);
    return copy;
  }
  const object = isRecord(json) ? json : {};
  const key = String(step);
  return { ...object, [key]: withValueAt(object[key], rest, value) };
}
