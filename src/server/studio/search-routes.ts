/**
 * Find by words (issue 44): `GET /search?q=&draft=` answers every text of the published version
 * (with `draft`, the author's draft's files laid over it) that contains all the words, in English
 * or Spanish, case and accents ignored (src/domain/studio/text-search.ts), each named for people
 * in the caller's language (flows/studio/, src/domain/studio/names.ts) with where the words are.
 * A drafting member finds the texts of their own area; an approver finds them all. The index of a
 * published version is made once; a draft's files are indexed at each search (a few files).
 */
import type { FastifyInstance } from 'fastify';
import type { StudioSearch } from '@/generated/types/api/studio-search';
import type { StudioSearchQuery } from '@/generated/types/api/studio-search-query';
import type { Schema } from '@/domain/studio/meta-schema';
import {
  indexTexts,
  namedText,
  namesOfTree,
  searchTexts,
  type IndexedText,
  type Range,
} from '@/domain/studio/text-search';
import type { FlowsTree } from '../content/tree';
import { ApiError, languageOf } from '../http/errors';
import { schemaRef } from '../http/validation';
import { metaSchemaName, metaSchemaReader } from './content-checks';
import type { ContentRoutesOptions } from './content-routes';
import { AREA_OF_ROLE, areaOfPath, filesOf, findDraft } from './drafts';
import { staffOf } from './guard';

/** How many results an answer holds (the total says how many match). */
const RESULTS = 50;

export function registerSearchRoutes(
  studio: FastifyInstance,
  { ctx }: Pick<ContentRoutesOptions, 'ctx'>,
): void {
  const readMeta = metaSchemaReader(ctx.schemasDir);
  const published = new WeakMap<object, Promise<IndexedText[]>>();

  /** The meta-schemas a tree's files name, read, as a lookup by file. */
  const metaSchemas = async (tree: FlowsTree): Promise<(json: unknown) => Schema> => {
    const names = [...new Set(Object.values(tree).map(metaSchemaName))];
    const read = new Map<string | null, Schema>();
    for (const name of names)
      read.set(name, name ? (((await readMeta(name)) as Schema) ?? true) : true);
    return (json) => read.get(metaSchemaName(json)) ?? true;
  };
  // A text's name, kept per tree and language (a published tree's for as long as it is kept).
  const named = new WeakMap<FlowsTree, Map<string, ReturnType<typeof namedText>>>();
  const namer = (tree: FlowsTree, language: 'en' | 'es') => {
    let kept = named.get(tree);
    if (!kept) {
      kept = new Map();
      named.set(tree, kept);
    }
    const names = namesOfTree(tree);
    return (text: IndexedText) => {
      const key = `${language}\n${text.path}\n${text.pointer}`;
      let said = kept.get(key);
      if (!said) {
        said = namedText(names, tree, text, language);
        kept.set(key, said);
      }
      return said;
    };
  };
  const indexOf = async (tree: FlowsTree): Promise<IndexedText[]> =>
    indexTexts(tree, await metaSchemas(tree));
  const publishedIndex = (tree: FlowsTree): Promise<IndexedText[]> => {
    let index = published.get(tree);
    if (!index) {
      index = indexOf(tree);
      published.set(tree, index);
    }
    return index;
  };

  studio.get<{ Querystring: StudioSearchQuery }>(
    '/search',
    { schema: { querystring: schemaRef(ctx.schemas, 'studio-search-query') } },
    async (request): Promise<StudioSearch> => {
      const staff = staffOf(request);
      const language = languageOf(request);
      const { version, tree: base } = ctx.content.current();
      let tree: FlowsTree = base;
      let index = await publishedIndex(base);
      let changed: FlowsTree = {};
      if (request.query.draft !== undefined) {
        const row = await findDraft(ctx.db, request.query.draft);
        if (row.author_id !== staff.staffId) throw new ApiError(403, 'draftNotAuthor');
        changed = filesOf(row);
        tree = { ...base, ...changed };
        const inDraft = await indexOf(changed);
        index = [...index.filter((text) => !Object.hasOwn(changed, text.path)), ...inDraft].sort(
          (a, b) => (a.path === b.path ? 0 : a.path < b.path ? -1 : 1),
        );
      }
      const area = AREA_OF_ROLE[staff.role];
      const mine = area ? index.filter((text) => areaOfPath(text.path) === area) : index;
      const { matches, total } = searchTexts(mine, request.query.q, RESULTS);
      const name = namer(tree, language);
      const found = (text: string, marks: Range[] | null) => ({ text, marks: marks ?? [] });
      return {
        version,
        total,
        results: matches.map(({ text, matches: at }) => {
          const named = name(text);
          return {
            path: text.path,
            pointer: text.pointer,
            name: named.name,
            description: named.description,
            group: named.group,
            inDraft: Object.hasOwn(changed, text.path),
            en: found(text.en, at.en),
            es: found(text.es, at.es),
          };
        }),
      };
    },
  );
}
