/**
 * A deployment's flows/ folder on a database that already has content versions (issue 24): at
 * every start the store publishes what the folder changed since it was last imported, over the
 * newest version, so a release's new or corrected texts are served while the studio's own changes
 * to other files are kept; a file both changed takes the release's copy and the version's comment
 * names it; a start with the same folder publishes nothing; two processes starting at once on a
 * new folder publish it once. Real stores on a real database of their own, both dialects.
 */
import { SelectQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { migrateToLatest } from '../../src/server/db/migrate';
import { ContentConflict, DatabaseContentStore } from '../../src/server/content/store';
import { readFlowsTree, writeFlowsTree, type FlowsTree } from '../../src/server/content/tree';
import type { PortalDatabase } from '../../src/server/db/database';
import { REPO_ROOT, freshDatabase, tempDir, type DatabaseFactory } from './harness';

const SHIPPED = readFlowsTree(path.join(REPO_ROOT, 'flows'));
const API = 'texts/api.json';
const COMMON = 'texts/common.json';
const EXTRA = 'texts/deploy-extra.json';

/** The tree with `api.notFound` (or another file's leaf) reworded. */
function withText(tree: FlowsTree, file: string, key: string, en: string): FlowsTree {
  const copy = structuredClone(tree);
  const texts = copy[file] as Record<string, unknown>;
  texts[key] = { en, es: `${en} (es)` };
  return copy;
}

export function contentDeploySuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`a deployed flows/ folder on ${dialect}`, () => {
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    let database: PortalDatabase;
    const folders: { dir: string; remove(): void }[] = [];
    /** The folder of the last deployment (test after test). */
    let deployed: FlowsTree = SHIPPED;
    const folder = (tree: FlowsTree): string => {
      const dir = tempDir('content-deploy-');
      folders.push(dir);
      const flows = path.join(dir.dir, 'flows');
      writeFlowsTree(flows, tree);
      return flows;
    };
    const open = (flowsDir: string) =>
      DatabaseContentStore.open({ db: database.db, flowsDir, live: false });

    beforeAll(async () => {
      fresh = await freshDatabase(makeDatabase);
      database = fresh.makeDatabase();
      await migrateToLatest(database.db);
    });
    afterAll(async () => {
      await database?.destroy();
      await fresh?.remove();
      for (const dir of folders) dir.remove();
    });

    it('keeps the studio changes and adds what the release changed, once', async () => {
      const first = await open(folder(SHIPPED));
      expect(first.current().version).toBe(1);
      const studio = withText(SHIPPED, API, 'studioOnly', 'Written in the studio.');
      expect(
        await first.publish({ tree: studio, comment: 'Studio', draftedBy: null, approvedBy: null }),
      ).toBe(2);
      await first.close();

      // The release changes common.json and adds a file; api.json is as it shipped.
      let release = withText(SHIPPED, COMMON, 'deployOnly', 'Shipped with the release.');
      release = { ...release, [EXTRA]: { greeting: { en: 'Hello', es: 'Hola' } } };
      deployed = release;
      const releaseDir = folder(release);
      const second = await open(releaseDir);
      const served = second.current();
      expect(served.version).toBe(3);
      expect(served.tree[API]).toEqual(studio[API]);
      expect(served.tree[COMMON]).toEqual(release[COMMON]);
      expect(served.tree[EXTRA]).toEqual(release[EXTRA]);
      const [row] = await second.history();
      expect(row).toMatchObject({
        version: 3,
        source: 'flows',
        drafted_by: null,
        approved_by: null,
      });
      expect(row?.changed).toEqual([EXTRA, COMMON].sort());
      expect(row?.comment).toBe(
        `Imported from flows/: 2 file(s) changed since version 1 (${COMMON}, ${EXTRA})`,
      );
      await second.close();

      // The same folder again: nothing to publish.
      const third = await open(releaseDir);
      expect(third.current().version).toBe(3);
      expect(await third.history()).toHaveLength(3);
      await third.close();
    });

    it("takes the release's copy of a file the studio changed too, and says so", async () => {
      const store = await open(folder(deployed));
      // The folder last imported: nothing to publish.
      expect(store.current().version).toBe(3);
      const studio = withText(store.current().tree, API, 'studioOnly', 'Studio, second wording.');
      const published = await store.publish({
        tree: studio,
        comment: 'Studio again',
        draftedBy: null,
        approvedBy: null,
      });
      await store.close();

      deployed = withText(deployed, API, 'notFound', 'Released wording.');
      const next = await open(folder(deployed));
      const served = next.current();
      expect(served.version).toBe(published + 1);
      expect(served.tree[API]).toEqual(deployed[API]);
      expect(served.tree[COMMON]).toEqual(deployed[COMMON]);
      const [row] = await next.history();
      expect(row?.comment).toBe(
        `Imported from flows/: 1 file(s) changed since version 3 (${API}); the deployment's copy replaces the studio's changes to ${API}`,
      );
      await next.close();
    });

    /** The version served now, and the folder of a next deployment that rewords `raced`. */
    const nextDeployment = async (wording: string) => {
      const probe = await open(folder(deployed));
      const before = probe.current().version;
      await probe.close();
      deployed = withText(deployed, COMMON, 'raced', wording);
      return { before, dir: folder(deployed) };
    };

    it('publishes a new folder once when two processes start at once', async () => {
      const { before, dir } = await nextDeployment('Both started at once.');
      const stores = await Promise.all([open(dir), open(dir)]);
      expect(stores.map((store) => store.current().version)).toEqual([before + 1, before + 1]);
      expect((await stores[0]!.history())[0]?.version).toBe(before + 1);
      await Promise.all(stores.map((store) => store.close()));
    });

    it("serves the other process's import when it lands between the start's two reads", async () => {
      const { before, dir } = await nextDeployment('Landed between the reads.');
      // Process B's store reads the newest version, then the last import. Between the two, process
      // A starts on the same folder and publishes it: B's first answer is held until A is done.
      let newestReads = 0;
      let other: Promise<DatabaseContentStore> | undefined;
      const newestRead = new Set<unknown>();
      const held: KyselyPlugin = {
        transformQuery({ node, queryId }) {
          if (SelectQueryNode.is(node) && !node.where) newestRead.add(queryId);
          return node;
        },
        async transformResult({ result, queryId }) {
          if (!newestRead.has(queryId)) return result;
          newestReads += 1;
          // The start's first read (is there content at all?), then the import's: hold that one.
          if (newestReads === 2) {
            other = open(dir);
            await other;
          }
          return result;
        },
      };
      // B has a connection of its own, as another process would (its held answer holds it).
      const second = fresh.makeDatabase();
      try {
        const b = await DatabaseContentStore.open({
          db: second.db.withPlugin(held),
          flowsDir: dir,
          live: false,
        });
        const a = await other;
        expect(newestReads).toBeGreaterThanOrEqual(2);
        expect(a?.current().version).toBe(before + 1);
        expect(b.current().version).toBe(before + 1);
        expect((await b.history())[0]?.version).toBe(before + 1);
        await Promise.all([a?.close(), b.close()]);
      } finally {
        await second.destroy();
      }
    });

    it('refuses a publish that names a version no longer the newest (a reviewed draft)', async () => {
      const store = await open(folder(deployed));
      const seen = store.current().version;
      const tree = withText(store.current().tree, API, 'studioOnly', 'First approver.');
      const version = await store.publish({
        tree,
        comment: 'First',
        draftedBy: null,
        approvedBy: null,
        after: seen,
      });
      expect(version).toBe(seen + 1);
      await expect(
        store.publish({
          tree: withText(tree, API, 'studioOnly', 'Second approver.'),
          comment: 'Second',
          draftedBy: null,
          approvedBy: null,
          after: seen,
        }),
      ).rejects.toBeInstanceOf(ContentConflict);
      expect((await store.history())[0]?.version).toBe(version);
      await store.close();
    });
  });
}
