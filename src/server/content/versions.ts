/**
 * What the content store (content/store.ts) serves and takes: a published version of the flows
 * tree with its config, a version's row for the history, what a publish is given and what a
 * caller writes inside its transaction, the store's interface, and the two refusals of a publish.
 */
import type { Transaction } from 'kysely';
import type { PortalConfig } from '../config';
import type { ContentVersionsTable, Database } from '../db/types';
import type { FlowsTree } from './tree';

export interface PublishedContent {
  version: number;
  config: PortalConfig;
  tree: FlowsTree;
}

/** A row of content_versions without its files; `changed` as the list of paths. */
export type ContentVersionRow = Omit<
  ContentVersionsTable,
  'files' | 'changed' | 'deployed_files'
> & {
  changed: string[];
};

export interface PublishInput {
  tree: FlowsTree;
  comment: string;
  draftedBy: number | null;
  approvedBy: number | null;
  draftId?: number | null;
  rollbackOf?: number | null;
  /**
   * The newest version the publisher saw: when another was published since, nothing is published
   * and `ContentConflict` is thrown (a draft reviewed against version 4 is not laid over a version
   * 5 nobody reviewed it against). Omitted: published over whatever is newest.
   */
  after?: number;
}

/**
 * What a caller writes in the publish's own transaction (issue 39, item 5: no content goes live
 * without its audit row): `before` runs first (an approval claims its draft there), `after` once
 * the version has its number (the audit rows). Either throwing rolls everything back: no version is
 * recorded, and none is served or announced, since the store serves a version only after COMMIT.
 */
export interface PublishSteps {
  before?: (trx: Transaction<Database>) => Promise<void>;
  after?: (trx: Transaction<Database>, version: number) => Promise<void>;
}

export interface ContentStore {
  current(): PublishedContent;
  get(version: number): Promise<PublishedContent | undefined>;
  history(): Promise<ContentVersionRow[]>;
  publish(input: PublishInput, steps?: PublishSteps): Promise<number>;
  refresh(): Promise<void>;
  onChange(listener: (content: PublishedContent) => void): () => void;
}

/** A tree publish refuses, with why: the server would not load it. */
export class ContentRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`content refused: ${problems.join('; ')}`);
    this.name = 'ContentRefused';
  }
}

/** Another version was published since the one the publisher saw (`PublishInput.after`). */
export class ContentConflict extends Error {
  constructor(readonly newest: number) {
    super(`content version ${newest} was published meanwhile`);
    this.name = 'ContentConflict';
  }
}
