/**
 * Checks every file under flows/ before it ships, printing one line per problem:
 *   <file>: <JSON path>: <problem>
 * The checks are the library src/server/content/checks (the studio runs the same ones on a
 * draft): meta-schemas, English and Spanish texts with the same {{placeholders}}, form flows
 * against their schemas, well-formed rules, holiday calendars, the sign-in policy against the
 * sign-in form, page files, offers and journeys (see its index.ts for the whole list).
 * Exits 1 when anything is wrong.
 * Usage: npm run check:config [-- --flows DIR] [-- --schemas DIR]; without --flows, FLOWS_DIR if
 * set (as the server takes it; `npm run flows:export` writes a content version as such a folder),
 * else flows/.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createFlowsChecker } from '../src/server/content/checks';
import { routesByFeature } from '../src/server/content/router-routes';

const root = path.resolve(import.meta.dirname, '..');
const flowsArg = process.argv.indexOf('--flows');
const flowsDir = path.resolve(
  flowsArg > -1
    ? (process.argv[flowsArg + 1] ?? 'flows')
    : process.env.FLOWS_DIR || path.join(root, 'flows'),
);
const schemasArg = process.argv.indexOf('--schemas');
const schemasDir = path.resolve(
  schemasArg > -1 ? (process.argv[schemasArg + 1] ?? 'schemas') : path.join(root, 'schemas'),
);

async function listJson(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const files = await listJson(flowsDir);
const tree: Record<string, unknown> = {};
const invalid: Record<string, string> = {};
const toTree = (file: string) => path.relative(flowsDir, file).split(path.sep).join('/');
for (const file of files) {
  try {
    tree[toTree(file)] = JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    invalid[toTree(file)] = (error as Error).message;
  }
}

/**
 * Where a file's `$schema` leads. A flows file names its meta-schema relative to where it lies in
 * the repository (`../../schemas/meta/texts.schema.json` from flows/texts/); read that way from the
 * repository's flows/ folder, a path into schemas/ is taken from the schemas folder checked with,
 * so a flows folder anywhere (`npm run flows:export` writes one) is checked against the same
 * meta-schemas. Any other path is relative to the file.
 */
function metaSchemaPath(file: string, ref: string): string {
  const inRepository = path.resolve(
    root,
    'flows',
    path.relative(flowsDir, path.dirname(file)),
    ref,
  );
  const underSchemas = path.relative(path.join(root, 'schemas'), inRepository);
  if (!underSchemas.startsWith('..') && !path.isAbsolute(underSchemas)) {
    return path.join(schemasDir, underSchemas);
  }
  return path.resolve(path.dirname(file), ref);
}

// The addresses router.tsx shows by itself: a page file may not claim them.
const routerPaths = new Set(
  [
    ...routesByFeature(await readFile(path.join(root, 'src/web/app/router.tsx'), 'utf8')).values(),
  ].flat(),
);
const check = createFlowsChecker({
  metaSchemaPath: (file, ref) => metaSchemaPath(path.join(flowsDir, file), ref),
  schemaPath: (relative) => path.join(schemasDir, relative),
  readJson: async (where) => JSON.parse(await readFile(where, 'utf8')) as unknown,
  label: (where) => path.relative(root, where),
  routerPaths,
});
const problems = await check({ tree, invalid });

if (problems.length > 0) {
  for (const { path: file, pointer, message } of problems) {
    const name = path.relative(root, path.join(flowsDir, file)) || file;
    console.error(`${name}: ${pointer ? `${pointer}: ` : ''}${message}`);
  }
  console.error(`check:config: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.log(`check:config: ${files.length} files OK`);
