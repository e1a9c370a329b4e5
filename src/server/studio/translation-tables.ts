/** Kysely types of migration 0025 (issue 44, item 5), merged into `Database`. */
export type TranslationScope = 'draft' | 'version';

export interface TranslationFlagsTable {
  scope: TranslationScope;
  scope_id: number;
  path: string;
  pointer: string;
  /** The English the Spanish was last saved against. */
  english_then: string;
  flagged_at: string;
}

declare module '../db/types' {
  interface Database {
    translation_flags: TranslationFlagsTable;
  }
}
