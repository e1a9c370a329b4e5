/**
 * What a deployment changed in flows/ (issue 24). The server serves the database's newest content
 * version, so a release whose flows/ folder changed (a new page's texts, a corrected disclosure)
 * would otherwise never be served on a database that already has versions. At every start the
 * folder is compared with the last version imported from it (`source = 'flows'`): the files the
 * deployment changed, added or removed since that import are laid over the newest version, and
 * the result is published as a version of its own. Files the studio changed and the deployment did
 * not keep the studio's text. A file both changed keeps the deployment's (the release is what the
 * code was tested with) and is named in the version's comment, so an approver can see it and
 * publish the studio's wording again.
 */
import { changedPaths, type FlowsTree } from './tree';

export interface DeployImport {
  /** The newest version with the deployment's changes laid over it. */
  tree: FlowsTree;
  /** The files the deployment changed since the last import. */
  deployed: string[];
  /** Of those, the files the studio had changed too: the deployment's copy wins. */
  overwritten: string[];
}

/** null when the folder is what was last imported. */
export function planDeployImport(
  lastImport: FlowsTree,
  newest: FlowsTree,
  folder: FlowsTree,
): DeployImport | null {
  const deployed = changedPaths(lastImport, folder);
  if (deployed.length === 0) return null;
  const studio = new Set(changedPaths(lastImport, newest));
  const tree: FlowsTree = { ...newest };
  for (const path of deployed) {
    if (Object.hasOwn(folder, path)) tree[path] = folder[path];
    else delete tree[path];
  }
  return { tree, deployed, overwritten: deployed.filter((path) => studio.has(path)) };
}

const LISTED = 8;

/** The comment of a deployment's version: which files, and which studio changes it replaced. */
export function deployComment(prefix: string, plan: DeployImport, since: number): string {
  const list = (paths: string[]) =>
    paths.length > LISTED
      ? `${paths.slice(0, LISTED).join(', ')} and ${paths.length - LISTED} more`
      : paths.join(', ');
  const changed = `${prefix}: ${plan.deployed.length} file(s) changed since version ${since} (${list(plan.deployed)})`;
  return plan.overwritten.length === 0
    ? changed
    : `${changed}; the deployment's copy replaces the studio's changes to ${list(plan.overwritten)}`;
}
