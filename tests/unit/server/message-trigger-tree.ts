import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** flows/messages/ as the server's config holds it: by kind name. */
export function loadFlowsTreeForTest(): Record<string, unknown> {
  const dir = path.resolve(import.meta.dirname, '../../../flows/messages');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')),
      ]),
  );
}
