/**
 * Content as immutable versions in the database (issue 24; docs/studio-design.md, "Content
 * versions"). The server serves the newest version of `content_versions`, not the flows/ folder:
 *
 * - First start: when the table is empty, FLOWS_DIR is imported as version 1 (`Imported from
 *   flows/`). Two processes starting at once both try; the primary key lets one row in and both
 *   read it back.
 * - `current()` is synchronous: what a request uses. `get(version)` reads an older version (kept in
 *   a small cache) for a payment whose debtor was shown its texts.
 * - `publish()` checks the tree (the app's `check`: it must load as the server's config, its texts,
 *   sign-in policy, payment services...), inserts it as the newest version + 1 (the primary key
 *   again: a concurrent publish that took the number makes this one try the next), then, on
 *   PostgreSQL, `NOTIFY portal_content` so every process refreshes, and refreshes this one.
 * - Every process LISTENs on a connection of its own (PostgreSQL), and polls every 30 s in case a
 *   notification was missed (or another process on SQLite published). A version that fails the
 *   check is never served: refresh keeps the one before and logs it.
 *
 * What it serves and takes, and its refusals, are content/versions.ts's (exported here too); the
 * rows it writes, content/version-rows.ts's.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/types';
import { deployComment, planDeployImport } from './deploy';
import { ContentListener, type Log } from './listener';
import { isTreePath, readFlowsTree, treeToConfig, type FlowsTree } from './tree';
import { insertVersion, newestRow, PUBLISH_ATTEMPTS } from './version-rows';
import {
  ContentConflict,
  ContentRefused,
  type ContentStore,
  type ContentVersionRow,
  type PublishedContent,
  type PublishInput,
  type PublishSteps,
} from './versions';

export {
  ContentConflict,
  ContentRefused,
  type ContentStore,
  type ContentVersionRow,
  type PublishedContent,
  type PublishInput,
  type PublishSteps,
} from './versions';

export const CONTENT_CHANNEL = 'portal_content';
export const SEED_COMMENT = 'Imported from flows/';
const POLL_MS = 30_000;
const CACHE_SIZE = 16;

export interface ContentStoreOptions {
  db: Db;
  /** FLOWS_DIR: imported as version 1 into an empty table. */
  flowsDir: string;
  /** Throws (a ContentRefused, or any error) when the server could not serve this content. */
  check?: (content: PublishedContent) => void;
  now?: () => Date;
  log?: Log;
  /** The fallback poll (default 30 s; 0 for none). */
  pollMs?: number;
  /** false: no LISTEN and no poll (a store of a command-line script). Default true. */
  live?: boolean;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DatabaseContentStore implements ContentStore {
  private latest!: PublishedContent;
  private readonly cache = new Map<number, PublishedContent>();
  private readonly listeners = new Set<(content: PublishedContent) => void>();
  private refreshing: Promise<void> = Promise.resolve();
  private readonly refused = new Set<number>();
  private poll: NodeJS.Timeout | undefined;
  private listener: ContentListener | undefined;
  private readonly db: Db;
  private readonly log: Log;
  private readonly now: () => Date;

  private constructor(private readonly options: ContentStoreOptions) {
    this.db = options.db;
    this.log = options.log ?? (() => undefined);
    this.now = options.now ?? (() => new Date());
  }

  /** The store over `db`, with its newest version loaded (version 1 imported when empty). */
  static async open(options: ContentStoreOptions): Promise<DatabaseContentStore> {
    const store = new DatabaseContentStore(options);
    await store.start();
    return store;
  }

  private async start(): Promise<void> {
    let newest = await newestRow(this.db);
    if (!newest) {
      const seed = this.content(1, readFlowsTree(this.options.flowsDir));
      this.check(seed);
      await this.db
        .insertInto('content_versions')
        .values({
          version: 1,
          files: JSON.stringify(seed.tree),
          comment: SEED_COMMENT,
          drafted_by: null,
          approved_by: null,
          draft_id: null,
          rollback_of: null,
          changed: JSON.stringify(Object.keys(seed.tree).sort()),
          published_at: this.now().toISOString(),
          source: 'flows',
        })
        // Another process imported it first: its row is version 1.
        .onConflict((oc) => oc.column('version').doNothing())
        .execute();
      newest = await newestRow(this.db);
      if (!newest) throw new Error('content version 1 was not recorded');
    } else {
      newest = (await this.importDeployed()) ?? newest;
    }
    const content = this.fromRow(newest);
    try {
      this.check(content);
    } catch (error) {
      throw new Error(`content version ${content.version} does not load: ${reason(error)}`);
    }
    this.latest = content;
    this.remember(content);
    if (this.options.live === false) return;
    this.listener = new ContentListener(this.db, CONTENT_CHANNEL, this.log, () => this.refresh());
    await this.listener.start();
    if (this.options.pollMs === 0) return;
    this.poll = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.log('warn', { err: error }, 'content poll failed'),
      );
    }, this.options.pollMs ?? POLL_MS);
    this.poll.unref();
  }

  current(): PublishedContent {
    return this.latest;
  }

  async get(version: number): Promise<PublishedContent | undefined> {
    if (!Number.isSafeInteger(version) || version < 1) return undefined;
    if (version === this.latest.version) return this.latest;
    const cached = this.cache.get(version);
    if (cached) {
      this.remember(cached);
      return cached;
    }
    const row = await this.db
      .selectFrom('content_versions')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) return undefined;
    const content = this.fromRow(row);
    this.remember(content);
    return content;
  }

  async history(): Promise<ContentVersionRow[]> {
    const rows = await this.db
      .selectFrom('content_versions')
      .select([
        'version',
        'comment',
        'drafted_by',
        'approved_by',
        'draft_id',
        'rollback_of',
        'changed',
        'published_at',
        'source',
      ])
      .orderBy('version', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, changed: JSON.parse(row.changed) as string[] }));
  }

  async publish(input: PublishInput, steps: PublishSteps = {}): Promise<number> {
    const comment = input.comment.trim();
    if (!comment) throw new ContentRefused(['a comment is required']);
    const bad = Object.keys(input.tree).filter((file) => !isTreePath(file));
    if (bad.length > 0) throw new ContentRefused(bad.map((file) => `${file}: not a flows path`));
    // Checked as the server will read it back: the JSON text, parsed again.
    const files = JSON.stringify(input.tree);
    const tree = JSON.parse(files) as FlowsTree;
    const checked = this.content(0, tree);
    this.check(checked);
    // One transaction with the caller's steps. Nothing of it is served before the COMMIT: the
    // cache, the NOTIFY and this process's refresh come after it, and the other processes' polls
    // and this one's read only what is committed.
    const version = await this.db.transaction().execute(async (trx) => {
      await steps.before?.(trx);
      const inserted = await insertVersion(trx, this.now, files, tree, input, 'studio', null);
      await steps.after?.(trx, inserted);
      return inserted;
    });
    // Served from the config object just checked: what was derived from it is kept (perConfig).
    this.remember({ version, tree, config: checked.config });
    this.log('info', { version, comment }, 'content published');
    await this.notify(version);
    await this.refresh();
    return version;
  }

  /** Every process refreshes (PostgreSQL; on SQLite the poll of another process finds it). */
  private async notify(version: number): Promise<void> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_notify(${CONTENT_CHANNEL}, ${String(version)})`.execute(this.db);
    }
  }

  /**
   * At start: what the deployed flows/ folder changed since the last version imported from it,
   * published over the newest version (content/deploy.ts). Two processes starting at once: the
   * one that loses the number finds the other's import and has nothing left to do.
   */
  private async importDeployed() {
    const folder = readFlowsTree(this.options.flowsDir);
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt += 1) {
      const newest = await newestRow(this.db);
      const last = await this.db
        .selectFrom('content_versions')
        .select(['version', 'files', 'deployed_files'])
        .where((eb) => eb.or([eb('source', '=', 'flows'), eb('version', '=', 1)]))
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!newest || !last) return newest;
      // Another process's import committed between the two reads: `newest` is already stale
      // (served as is, it would stay the served version until the next poll). Read both again.
      if (Number(last.version) > Number(newest.version)) continue;
      const plan = planDeployImport(
        JSON.parse(last.deployed_files ?? last.files) as FlowsTree,
        JSON.parse(newest.files) as FlowsTree,
        folder,
      );
      if (!plan) return newest;
      const files = JSON.stringify(plan.tree);
      this.check(this.content(0, JSON.parse(files) as FlowsTree));
      const input = {
        comment: deployComment(SEED_COMMENT, plan, Number(last.version)),
        draftedBy: null,
        approvedBy: null,
        after: Number(newest.version),
      };
      const deployed = JSON.stringify(folder);
      try {
        const version = await insertVersion(
          this.db,
          this.now,
          files,
          plan.tree,
          input,
          'flows',
          deployed === files ? null : deployed,
        );
        this.log(
          plan.overwritten.length > 0 ? 'warn' : 'info',
          { version, deployed: plan.deployed, overwritten: plan.overwritten },
          'content of the deployed flows/ folder published',
        );
        await this.notify(version);
        return await newestRow(this.db);
      } catch (error) {
        // Another process published first (its own import, most likely): look again.
        if (!(error instanceof ContentConflict)) throw error;
      }
    }
    return newestRow(this.db);
  }

  /** Loads the newest version when it is newer than the one served (one refresh at a time). */
  refresh(): Promise<void> {
    const next = this.refreshing.then(() => this.load());
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  onChange(listener: (content: PublishedContent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops listening and polling (the app's close). */
  async close(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    await this.listener?.close();
  }

  private async load(): Promise<void> {
    const newest = await this.db
      .selectFrom('content_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst();
    const version = Number(newest?.version ?? 0);
    if (version <= this.latest.version || this.refused.has(version)) return;
    const content = await this.get(version);
    if (!content) return;
    try {
      this.check(content);
    } catch (error) {
      // Published by a process whose code loads it, but this one's does not: never served here.
      this.refused.add(version);
      this.log('error', { version, reason: reason(error) }, 'content version refused');
      return;
    }
    this.latest = content;
    this.log('info', { version }, 'content version now served');
    for (const listener of this.listeners) {
      try {
        listener(content);
      } catch (error) {
        this.log('error', { err: error, version }, 'content change listener failed');
      }
    }
  }

  private check(content: PublishedContent): void {
    try {
      this.options.check?.(content);
    } catch (error) {
      if (error instanceof ContentRefused) throw error;
      throw new ContentRefused([reason(error)]);
    }
  }

  private content(version: number, tree: FlowsTree): PublishedContent {
    return { version, tree, config: treeToConfig(tree) };
  }

  private fromRow(row: { version: number; files: string }): PublishedContent {
    return this.content(Number(row.version), JSON.parse(row.files) as FlowsTree);
  }

  private remember(content: PublishedContent): void {
    this.cache.delete(content.version);
    this.cache.set(content.version, content);
    while (this.cache.size > CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
