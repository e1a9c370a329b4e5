/** The shapes the checks of flows files share (see index.ts). */
import type { Check } from './problems';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * One thing wrong in a flows tree: the file (its path under flows/), a JSON pointer, what (a code
 * with named values, problems.ts) and the English line check:config prints for it.
 */
export type ConfigProblem = Check & {
  path: string;
  /** JSON pointer in the file ('' for the file as a whole). */
  pointer: string;
  message: string;
};

/** Records a problem of `file` (a path under flows/) at `pointer`. */
export type Report = (file: string, pointer: string, check: Check) => void;

/**
 * What the checks read besides the flows tree: the schemas folder and the web app's own
 * addresses. `npm run check:config` reads them from disk as it always did; the server from its
 * schemas folder, with meta-schemas only from schemas/meta/.
 */
export interface CheckEnvironment {
  /**
   * Where the meta-schema is that a flow file names by `$schema` (relative to the file, as
   * `../../schemas/meta/form-flow.schema.json` from `flows/forms/`): a key for `readJson`.
   * Throws when it may not be read.
   */
  metaSchemaPath(file: string, ref: string): string;
  /** Where a file of the schemas folder is (`forms/sign-in.schema.json`): a key for `readJson`. */
  schemaPath(relative: string): string;
  /** Reads and parses a JSON file named by `metaSchemaPath` or `schemaPath`; throws when it cannot. */
  readJson(where: string): Promise<unknown>;
  /** How a message names a file of the schemas folder (`schemas/forms/x.schema.json`). */
  label(where: string): string;
  /** The addresses router.tsx shows by itself: a page file may not claim them. */
  routerPaths: ReadonlySet<string>;
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a path under flows/ is in `folder` (`forms/x.json` is in `forms`). */
export function inFolder(file: string, folder: string): boolean {
  return file.startsWith(`${folder}/`);
}

/** The file name without folder and `.json`: `forms/sign-in.json` → `sign-in`. */
export function baseName(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  return name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
}
