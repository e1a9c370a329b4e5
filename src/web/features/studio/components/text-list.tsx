/**
 * A list staff edit (issue 44, item 6; which lists, src/domain/studio/lists.ts): of texts (a terms
 * page's bullet points) or of items holding texts (a disclosure's paragraphs, a plan change's
 * consequences). Its items' fields, each item with buttons to move it up or down and to remove it,
 * and a button that adds an item like the last with its texts empty. The buttons are real buttons
 * (keyboard, at least 24 px), each named by the list's name for people (never a key or a path);
 * what a button did is said in a live region, and the focus stays on a button of the moved item.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Leaf } from '@/domain/studio/leaves';
import { readablePath, toPointer, type PathStep } from '@/domain/studio/json-pointer';
import { blankItem, moveItem, type ItemList } from '@/domain/studio/lists';
import { fieldId } from '../utils/checks';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  button: { minHeight: '32px', minWidth: '32px' },
  status: { color: tokens.colorNeutralForeground2 },
});

export function TextList({
  list,
  leaves,
  value,
  render,
  onList,
}: {
  list: ItemList;
  /** The list's leaves, in order. */
  leaves: readonly Leaf[];
  /** The list as it is in the file. */
  value: readonly unknown[];
  /** An item's fields. */
  render: (item: readonly Leaf[]) => ReactNode;
  /** The list's new items. */
  onList: (path: readonly PathStep[], value: unknown[]) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [said, setSaid] = useState<{ key: string; number: number } | null>(null);
  const box = useRef<HTMLUListElement>(null);
  const { parent } = list;
  const depth = parent.length;
  const items = Array.from({ length: list.items }, (_item, index) =>
    leaves.filter((leaf) => leaf.path[depth] === index),
  );
  // Named for people: the name of its first text (never a key or a path, but as a last resort).
  const firstText = leaves.find((leaf) => leaf.kind === 'text') ?? leaves[0]!;
  const path = firstText.name ?? readablePath(parent);
  const listPointer = toPointer(parent);
  const listId = fieldId(listPointer);

  /** After a change, the focus goes to the named button of item `index` (once it is drawn). */
  const focusLater = (index: number, action: string) =>
    requestAnimationFrame(() =>
      box.current
        ?.querySelector<HTMLButtonElement>(
          `:scope > li > [data-actions] > [data-item="${index}"][data-action="${action}"]`,
        )
        ?.focus(),
    );
  const move = (from: number, to: number) => {
    onList(parent, moveItem(value, from, to));
    setSaid({ key: 'studio.editor.lists.moved', number: to + 1 });
    const action = to < from ? 'up' : 'down';
    const edge = (action === 'up' && to === 0) || (action === 'down' && to === items.length - 1);
    focusLater(to, edge ? (action === 'up' ? 'down' : 'up') : action);
  };
  const remove = (index: number) => {
    onList(
      parent,
      value.filter((_value, i) => i !== index),
    );
    setSaid({ key: 'studio.editor.lists.removed', number: index + 1 });
    requestAnimationFrame(() =>
      box.current?.parentElement
        ?.querySelector<HTMLButtonElement>(':scope > [data-actions] > [data-action="add"]')
        ?.focus(),
    );
  };
  const add = () => {
    onList(parent, [...value, blankItem(value[value.length - 1])]);
    setSaid({ key: 'studio.editor.lists.added', number: value.length + 1 });
    // The new item's first text, in English.
    const at = [...firstText.path];
    at[depth] = value.length;
    requestAnimationFrame(() => document.getElementById(fieldId(toPointer(at), 'en'))?.focus());
  };

  return (
    <div data-list={listId}>
      <ul className={styles.list} ref={box}>
        {items.map((item, index) => {
          const number = index + 1;
          return (
            <li key={`${listPointer}/${index}`} className={styles.item}>
              {render(item)}
              <div className={styles.actions} data-actions="">
                <Button
                  className={styles.button}
                  size="small"
                  disabled={index === 0}
                  data-item={index}
                  data-action="up"
                  aria-label={t('studio.editor.lists.upLabel', { number, path })}
                  onClick={() => move(index, index - 1)}
                >
                  {t('studio.editor.lists.up')}
                </Button>
                <Button
                  className={styles.button}
                  size="small"
                  disabled={index === items.length - 1}
                  data-item={index}
                  data-action="down"
                  aria-label={t('studio.editor.lists.downLabel', { number, path })}
                  onClick={() => move(index, index + 1)}
                >
                  {t('studio.editor.lists.down')}
                </Button>
                <Button
                  className={styles.button}
                  size="small"
                  disabled={items.length === 1}
                  data-item={index}
                  data-action="remove"
                  aria-label={t('studio.editor.lists.removeLabel', { number, path })}
                  onClick={() => remove(index)}
                >
                  {t('studio.editor.lists.remove')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className={styles.actions} data-actions="">
        <Button
          className={styles.button}
          data-action="add"
          aria-label={t('studio.editor.lists.addLabel', { path })}
          onClick={add}
        >
          {t('studio.editor.lists.add')}
        </Button>
        <Body1 role="status" className={styles.status}>
          {said && t(said.key, { number: said.number })}
        </Body1>
      </div>
    </div>
  );
}
