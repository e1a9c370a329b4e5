/**
 * The editable words of one language of a text, with each placeholder shown inside them as a
 * token (issue 44, item 3): a chip with the value's name, its meaning and sample as its title
 * (and in the list beside the box), red when the text may not use it. A chip is one unit: the
 * caret steps over it and Backspace or Delete removes it whole. A placeholder typed or pasted as
 * braces becomes a chip as it is typed. The stored text stays `{{name}}` (utils/token-text.ts).
 *
 * The box is a `contenteditable` element with the role of a multi-line text box, labelled and
 * described by its Fluent Field like the Textarea it replaces; React never draws its children:
 * they are built from the stored text whenever it differs from what the box holds.
 */
import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ClipboardEvent,
  type HTMLAttributes,
  type KeyboardEvent,
} from 'react';
import {
  makeStyles,
  mergeClasses,
  tokens,
  useFieldControlProps_unstable,
} from '@fluentui/react-components';
import {
  boxText,
  caretOffset,
  hasTypedPlaceholder,
  setCaret,
  textParts,
} from '../utils/token-text';

const useStyles = makeStyles({
  box: {
    minHeight: '52px',
    maxHeight: '320px',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase400,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '1px',
    },
  },
  // Long-hand: griffel's `shorthands` helpers would pull their parser into the shared chunk that
  // /login loads (1.4 KB gzip, over its budget).
  invalid: {
    borderTopColor: tokens.colorPaletteRedBorder2,
    borderRightColor: tokens.colorPaletteRedBorder2,
    borderBottomColor: tokens.colorPaletteRedBorder2,
    borderLeftColor: tokens.colorPaletteRedBorder2,
  },
  chip: {
    display: 'inline-block',
    margin: `0 ${tokens.spacingHorizontalXXS}`,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  unknownChip: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    color: tokens.colorPaletteRedForeground2,
  },
});

export interface TokenEditableHandle {
  focus: () => void;
  /** Where the caret was when the box last had it (offsets in the stored text). */
  selection: () => { start: number; end: number };
  /** Puts the caret at an offset once the stored text is drawn. */
  caretAfterUpdate: (offset: number) => void;
}

export interface TokenEditableProps {
  id: string;
  lang: string;
  text: string;
  /** The names the text may not use (their chips are red). */
  unknown: ReadonlySet<string>;
  /** A chip's title: the value's name, meaning and sample. */
  describe: (name: string) => string;
  describedBy?: string;
  invalid: boolean;
  onText: (text: string) => void;
}

export const TokenEditable = forwardRef<TokenEditableHandle, TokenEditableProps>(
  function TokenEditable(props, ref) {
    const { id, lang, text, unknown, describe, describedBy, invalid, onText } = props;
    const styles = useStyles();
    const box = useRef<HTMLDivElement>(null);
    const last = useRef<{ start: number; end: number }>({ start: text.length, end: text.length });
    const caret = useRef<number | null>(null);
    const own: HTMLAttributes<HTMLDivElement> = { id, 'aria-describedby': describedBy };
    const fieldProps = useFieldControlProps_unstable(own, { supportsLabelFor: false });
    const state = [...unknown].sort().join(' ');

    /** Draws the stored text in the box: words as text, each placeholder as a chip. */
    const draw = (root: HTMLDivElement, value: string) => {
      const chipClass = styles.chip;
      const unknownClass = mergeClasses(styles.chip, styles.unknownChip);
      root.replaceChildren(
        ...textParts(value).map((part) => {
          if (part.kind === 'words') return document.createTextNode(part.text);
          const chip = document.createElement('span');
          chip.contentEditable = 'false';
          chip.dataset.raw = part.raw;
          chip.dataset.chip = part.name;
          chip.className = unknown.has(part.name) ? unknownClass : chipClass;
          chip.title = describe(part.name);
          chip.textContent = part.name;
          return chip;
        }),
      );
      root.dataset.state = state;
    };

    useLayoutEffect(() => {
      const root = box.current;
      if (!root) return;
      const focused = root.ownerDocument.activeElement === root;
      const asked = caret.current;
      caret.current = null;
      const stale = boxText(root) !== text || root.dataset.state !== state;
      // Drawn again only when the box does not hold the text (an insertion, a list move).
      const at = asked ?? (stale && focused ? caretOffset(root)?.start : undefined);
      if (stale) draw(root, text);
      if (asked !== null) root.focus();
      if (at !== undefined) {
        setCaret(root, at);
        last.current = { start: at, end: at };
      }
      // `draw` reads only the props named here.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [text, state]);

    useImperativeHandle(ref, () => ({
      focus: () => box.current?.focus(),
      selection: () => last.current,
      caretAfterUpdate: (offset: number) => {
        caret.current = offset;
      },
    }));

    const remember = () => {
      const root = box.current;
      const at = root && caretOffset(root);
      if (at) last.current = at;
    };

    /** Replaces the selection with plain text (a line break, pasted words) in the stored text. */
    const replaceSelection = (insert: string) => {
      const root = box.current;
      if (!root) return;
      const current = boxText(root);
      const at = caretOffset(root) ?? { start: current.length, end: current.length };
      caret.current = at.start + insert.length;
      onText(current.slice(0, at.start) + insert + current.slice(at.end));
    };

    const onInput = () => {
      const root = box.current;
      if (!root) return;
      const value = boxText(root);
      // Braces typed or pasted: drawn again at once, so the placeholder is a chip while typing.
      const typed = [...root.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && hasTypedPlaceholder(node.nodeValue ?? ''),
      );
      if (typed) {
        const at = caretOffset(root)?.start ?? value.length;
        draw(root, value);
        setCaret(root, at);
      }
      remember();
      onText(value);
    };

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
        event.preventDefault();
        replaceSelection('\n');
      }
    };

    const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
      event.preventDefault();
      replaceSelection(event.clipboardData.getData('text/plain'));
    };

    return (
      <div
        {...fieldProps}
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-invalid={invalid || fieldProps['aria-invalid'] ? true : undefined}
        contentEditable="plaintext-only"
        suppressContentEditableWarning
        spellCheck
        lang={lang}
        tabIndex={0}
        className={mergeClasses(styles.box, invalid && styles.invalid)}
        data-value={text}
        onInput={onInput}
        onKeyDown={onKeyDown}
        onKeyUp={remember}
        onMouseUp={remember}
        onBlur={remember}
        onPaste={onPaste}
      />
    );
  },
);
