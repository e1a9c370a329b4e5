/**
 * Flows trees (src/server/content/tree.ts): the shipped flows/ read as a tree gives the config the
 * server served before content versions, written back and read again it is the same, and paths
 * that could leave the folder are refused.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFlows } from '../../../src/server/config';
import {
  changedPaths,
  isTreePath,
  readFlowsTree,
  treeToConfig,
  writeFlowsTree,
} from '../../../src/server/content/tree';

const flows = path.resolve(__dirname, '../../../flows');
const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'flows-tree-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The config as the server read flows/ before trees: every sub-folder's JSON files by name. */
function configByHand(dir: string): Record<string, Record<string, unknown>> {
  const config: Record<string, Record<string, unknown>> = { forms: {}, rules: {}, texts: {} };
  const walk = (folder: string, sub: string, into: Record<string, unknown>) => {
    for (const entry of readdirSync(path.join(dir, folder, sub), { withFileTypes: true })) {
      const name = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(folder, name, into);
      else if (entry.name.endsWith('.json')) {
        into[name.slice(0, -5)] = JSON.parse(
          readFileSync(path.join(dir, folder, name), 'utf8'),
        ) as unknown;
      }
    }
  };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = config[entry.name] ?? {};
    walk(entry.name, '', folder);
    config[entry.name] = folder;
  }
  return config;
}

describe('flows trees', () => {
  it('reads every JSON file of flows/ by its path, and its config is the folder read by hand', () => {
    const tree = readFlowsTree(flows);
    expect(tree['forms/sign-in.json']).toEqual(
      JSON.parse(readFileSync(path.join(flows, 'forms/sign-in.json'), 'utf8')),
    );
    expect(Object.keys(tree).every((file) => file.endsWith('.json'))).toBe(true);
    expect(Object.keys(tree).some((file) => file.endsWith('README.md'))).toBe(false);
    expect(treeToConfig(tree)).toEqual(configByHand(flows));
    expect(loadFlows(flows)).toEqual(treeToConfig(tree));
  });

  it('writes a tree that reads back the same, nested folders included', () => {
    const dir = temp();
    const tree = {
      ...readFlowsTree(flows),
      'pages/nested/deep.json': { routes: [] },
    };
    writeFlowsTree(dir, tree);
    expect(readFlowsTree(dir)).toEqual(tree);
    expect(treeToConfig(readFlowsTree(dir)).pages?.['nested/deep']).toEqual({ routes: [] });
    expect(readFileSync(path.join(dir, 'forms/sign-in.json'), 'utf8')).toMatch(/\n}\n$/);
  });

  it('a missing folder is an empty tree with the empty config; a file that is not JSON is named', () => {
    expect(readFlowsTree(path.join(temp(), 'none'))).toEqual({});
    expect(treeToConfig({})).toEqual({ forms: {}, rules: {}, texts: {} });
    const dir = temp();
    mkdirSync(path.join(dir, 'texts'));
    writeFileSync(path.join(dir, 'texts', 'broken.json'), '{ nope');
    expect(() => readFlowsTree(dir)).toThrow(/flows\/texts\/broken\.json is not valid JSON/);
  });

  it('refuses paths that would leave the folder, before writing anything', () => {
    for (const bad of [
      '../escape.json',
      'forms/../../escape.json',
      '/etc/x.json',
      'forms\\x.json',
      'top.json',
      'forms/x.txt',
      'Forms/x.json',
    ]) {
      expect(isTreePath(bad), bad).toBe(false);
    }
    expect(isTreePath('clients/ADW.json')).toBe(true);
    const dir = temp();
    expect(() =>
      writeFlowsTree(dir, { 'forms/ok.json': {}, 'forms/../../escape.json': {} }),
    ).toThrow(/not a flows file path/);
    expect(existsSync(path.join(dir, 'forms'))).toBe(false);
  });

  it('names the changed paths: added, removed and edited; key order is no change', () => {
    const dir = temp();
    cpSync(flows, dir, { recursive: true });
    const before = readFlowsTree(dir);
    const after: Record<string, unknown> = { ...before };
    delete after['rules/schedule-status.json'];
    after['texts/new.json'] = { hi: { en: 'Hi', es: 'Hola' } };
    after['texts/api.json'] = { ...(before['texts/api.json'] as object), extra: 1 };
    const reordered = Object.fromEntries(
      Object.entries(before['forms/sign-in.json'] as object).reverse(),
    );
    after['forms/sign-in.json'] = reordered;
    expect(changedPaths(before, after)).toEqual([
      'rules/schedule-status.json',
      'texts/api.json',
      'texts/new.json',
    ]);
  });
});
