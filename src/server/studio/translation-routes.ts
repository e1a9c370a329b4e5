/**
 * GET /translations (issue 44, item 5): every text whose Spanish needs review, in the published
 * version in force and in each draft not yet published (editing, returned or submitted), with its
 * words now, each named for people in the caller's language (flows/studio/). The state itself is
 * translations.ts.
 */
import type { FastifyInstance } from 'fastify';
import { nameAtPointer, namesOfTree } from '@/domain/studio/text-search';
import type { FlowsTree } from '../content/tree';
import { languageOf } from '../http/errors';
import { contentHelpers, type ContentRoutesOptions } from './content-routes';
import { findDraft, listDrafts } from './drafts';
import { draftFlags, versionFlags, withWords } from './translations';

const OPEN = new Set(['editing', 'returned', 'submitted']);

export function registerTranslationRoutes(
  studio: FastifyInstance,
  options: ContentRoutesOptions,
): void {
  const { ctx } = options;
  const helpers = contentHelpers(ctx);

  studio.get('/translations', async (request) => {
    const language = languageOf(request);
    const named = (texts: ReturnType<typeof withWords>, over: FlowsTree) => {
      const names = namesOfTree(over);
      return texts.map((text) => ({
        ...text,
        name: nameAtPointer(names, over, text.path, text.pointer, language),
      }));
    };
    const { version, tree } = ctx.content.current();
    const published = named(withWords(await versionFlags(ctx.db, version), tree), tree);
    const drafts = [];
    for (const draft of await listDrafts(ctx.db)) {
      if (!OPEN.has(draft.status)) continue;
      const flags = await draftFlags(ctx.db, draft);
      if (flags.length === 0) continue;
      const draftTree = await helpers.draftTree(await findDraft(ctx.db, draft.id));
      drafts.push({
        id: draft.id,
        title: draft.title,
        status: draft.status,
        texts: named(withWords(flags, draftTree), draftTree),
      });
    }
    return { version, published, drafts };
  });
}
