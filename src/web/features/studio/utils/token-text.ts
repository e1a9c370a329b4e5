/**
 * A text with its placeholders as tokens (issue 44, item 3): the stored text stays `{{name}}`;
 * the editor shows each placeholder as a chip inside the words. These are the two directions
 * between the stored text and the editable box's DOM (text nodes and chips), and the caret as an
 * offset in the stored text (a chip counts as its whole `{{name}}`, so it is one unit).
 */

/** A run of words, or a placeholder as written (`raw`, e.g. `{{ total }}`) and its name. */
export type TextPart =
  { kind: 'words'; text: string } | { kind: 'token'; name: string; raw: string };

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The text as words and tokens, in order (joining every part's text or raw gives it back). */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const index = match.index;
    if (index > at) parts.push({ kind: 'words', text: text.slice(at, index) });
    parts.push({ kind: 'token', name: match[1] ?? '', raw: match[0] });
    at = index + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'words', text: text.slice(at) });
  return parts;
}

/** Whether a text node of the box holds a placeholder typed or pasted as braces. */
export const hasTypedPlaceholder = (text: string): boolean => /\{\{\s*[\w.]+\s*\}\}/.test(text);

const isChip = (node: Node): node is HTMLElement =>
  node.nodeType === Node.ELEMENT_NODE && (node as HTMLElement).dataset.raw !== undefined;

/** The stored length of one node of the box. */
function lengthOf(node: Node): number {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue?.length ?? 0;
  if (isChip(node)) return node.dataset.raw?.length ?? 0;
  if (node.nodeName === 'BR') return 1;
  let length = 0;
  node.childNodes.forEach((child) => (length += lengthOf(child)));
  return length;
}

/**
 * The stored text of the box: its text nodes, each chip's placeholder as written, a line break
 * for a `<br>` (but not the one a browser leaves at the end of an editable box).
 */
export function boxText(root: Node): string {
  let out = '';
  const nodes = [...root.childNodes];
  nodes.forEach((node, index) => {
    if (node.nodeType === Node.TEXT_NODE) out += node.nodeValue ?? '';
    else if (isChip(node)) out += node.dataset.raw ?? '';
    else if (node.nodeName === 'BR') out += index === nodes.length - 1 ? '' : '\n';
    else if (node.nodeType === Node.ELEMENT_NODE)
      // A block a browser made on Enter: a new line before it.
      out += (out === '' ? '' : '\n') + boxText(node);
  });
  return out;
}

/** The caret's offset in the stored text, or null when the selection is not in the box. */
export function caretOffset(root: Node): { start: number; end: number } | null {
  const selection = root.ownerDocument?.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const offsetOf = (container: Node, offset: number): number => {
    let at = 0;
    const walk = (node: Node): boolean => {
      if (node === container) {
        if (node.nodeType === Node.TEXT_NODE) at += offset;
        else [...node.childNodes].slice(0, offset).forEach((child) => (at += lengthOf(child)));
        return true;
      }
      if (node.nodeType === Node.TEXT_NODE || isChip(node) || node.nodeName === 'BR') {
        at += lengthOf(node);
        return false;
      }
      for (const child of node.childNodes) if (walk(child)) return true;
      return false;
    };
    for (const child of root.childNodes) if (walk(child)) return at;
    return container === root ? lengthOf(root) : at;
  };
  const start = offsetOf(range.startContainer, range.startOffset);
  const end = offsetOf(range.endContainer, range.endOffset);
  return { start: Math.min(start, end), end: Math.max(start, end) };
}

/** Puts the caret at a stored-text offset (after a chip when the offset is its end). */
export function setCaret(root: HTMLElement, offset: number): void {
  const selection = root.ownerDocument.getSelection();
  if (!selection) return;
  const range = root.ownerDocument.createRange();
  let left = offset;
  let placed = false;
  const children = [...root.childNodes];
  for (let i = 0; i < children.length && !placed; i += 1) {
    const node = children[i]!;
    const length = lengthOf(node);
    if (node.nodeType === Node.TEXT_NODE && left <= length) {
      range.setStart(node, left);
      placed = true;
    } else if (left < length) {
      // Inside a chip: the caret goes after it.
      range.setStartAfter(node);
      placed = true;
    } else if (left === length && node.nodeType !== Node.TEXT_NODE) {
      range.setStartAfter(node);
      placed = true;
    } else left -= length;
  }
  if (!placed) range.setStart(root, root.childNodes.length);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
}
