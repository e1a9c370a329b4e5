/**
 * Where the editor shows each of a draft's checks (`{ path, pointer, message }`, the same checks
 * as `npm run check:config`): at the field of the open file whose pointer it names (a text's
 * English or Spanish box when it names `/en` or `/es` under a text), else in the list at the top.
 */
import type { Leaf } from '@/domain/studio/leaves';

export interface Check {
  /** The file, as a path under flows/ (`content/payment-authorization.json`). */
  path: string;
  /** The value in that file, as a JSON pointer; `` for the whole file. */
  pointer: string;
  /** What the check found (`missingText`, `placeholdersDiffer`, `meta`…) and its values. */
  code?: string;
  values?: Record<string, unknown>;
  /** In the language of the call (Accept-Language), as the server words it: shown as is. */
  message: string;
}

export type FieldLanguage = 'en' | 'es';

/**
 * The element id of a field (or of one language's box of a text field): made of its pointer with
 * every character but letters, digits and dashes written as `_<hex>_`, so ids never collide.
 */
export function fieldId(pointer: string, language?: FieldLanguage): string {
  const safe = pointer.replace(
    /[^A-Za-z0-9-]/g,
    (char) => `_${char.codePointAt(0)!.toString(16)}_`,
  );
  return `studio-field${safe}${language ? `--${language}` : ''}`;
}

export interface PlacedChecks {
  /** Checks shown at a field, by the field's id (fieldId). */
  atField: Map<string, Check[]>;
  /** Checks of other files, of the file as a whole, or of a value without a field. */
  elsewhere: Check[];
}

/** Splits `checks` between the fields of `leaves` (the open file `filePath`) and the top list. */
export function placeChecks(
  checks: readonly Check[],
  filePath: string | undefined,
  leaves: readonly Leaf[],
): PlacedChecks {
  const targets = new Map<string, string>();
  for (const leaf of leaves) {
    targets.set(leaf.pointer, fieldId(leaf.pointer));
    if (leaf.kind === 'text') {
      for (const language of ['en', 'es'] as const) {
        targets.set(`${leaf.pointer}/${language}`, fieldId(leaf.pointer, language));
      }
    }
  }
  const atField = new Map<string, Check[]>();
  const elsewhere: Check[] = [];
  for (const check of checks) {
    const target = check.path === filePath ? targets.get(check.pointer) : undefined;
    if (target === undefined) elsewhere.push(check);
    else atField.set(target, [...(atField.get(target) ?? []), check]);
  }
  return { atField, elsewhere };
}
