/**
 * The checks of `npm run check:config` (src/server/content/checks) as the studio runs them on a
 * draft: over the draft's whole tree in memory, with the server's schemas folder. A flow file's
 * `$schema` may only lead to a meta-schema of schemas/meta/ (read as `../../schemas/meta/…` from
 * flows/<folder>/, as every shipped file names it), and a form's schema name only to a file of
 * the schemas folder: a draft cannot make the server read anything else. The addresses
 * router.tsx shows by itself are read from its source once, at start-up.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { routesByFeature } from '../content/router-routes';
import { createFlowsChecker, type FlowsChecker } from '../content/checks';

/** The repository (src/server/studio is three folders down), where src/web/app/router.tsx is. */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export function createStudioChecker(schemasDir: string): FlowsChecker {
  const root = path.resolve(schemasDir);
  const inside = (where: string) => where.startsWith(`${root}${path.sep}`);
  const router = readFileSync(path.join(REPO_ROOT, 'src/web/app/router.tsx'), 'utf8');
  return createFlowsChecker({
    metaSchemaPath(file, ref) {
      const named = path.posix.normalize(path.posix.join('flows', path.posix.dirname(file), ref));
      if (!/^schemas\/meta\/[a-z0-9-]+\.schema\.json$/.test(named))
        throw new Error('not a meta-schema of schemas/meta/');
      return path.join(root, named.slice('schemas/'.length));
    },
    schemaPath: (relative) => path.resolve(root, relative),
    async readJson(where) {
      // A form's schema name that would leave the folder reads nothing: "not found".
      if (!inside(where)) throw new Error('not a file of the schemas folder');
      return JSON.parse(await readFile(where, 'utf8')) as unknown;
    },
    label: (where) => `schemas/${path.relative(root, where).split(path.sep).join('/')}`,
    routerPaths: new Set([...routesByFeature(router).values()].flat()),
  });
}

/** The name of the meta-schema a flow file names (`client` for `../../schemas/meta/client.schema.json`). */
export function metaSchemaName(json: unknown): string | null {
  const ref =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>).$schema : null;
  const match = typeof ref === 'string' ? /([a-z0-9-]+)\.schema\.json$/.exec(ref) : null;
  return match?.[1] ?? null;
}

/** Reads a meta-schema of schemas/meta/ by its name (once; null when there is none). */
export function metaSchemaReader(schemasDir: string): (name: string) => Promise<unknown> {
  const read = new Map<string, Promise<unknown>>();
  return (name) => {
    let json = read.get(name);
    if (!json) {
      json = readFile(path.join(schemasDir, 'meta', `${name}.schema.json`), 'utf8').then(
        (text) => JSON.parse(text) as unknown,
        () => null,
      );
      read.set(name, json);
    }
    return json;
  };
}
