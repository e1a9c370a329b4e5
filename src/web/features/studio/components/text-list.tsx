/**
 * A list of texts (a terms page's bullet points, say; issue 44, item 6): its items' fields, each
 * with buttons to move it up or down and to remove it, and a button that adds an empty item at the
 * end. The buttons are real buttons (keyboard, at least 24 px), each named for its item; what a
 * button did is said in a live region, and the focus stays on a button of the moved item.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Leaf, LocalizedValue } from '@/domain/studio/leaves';
import { readablePath, type PathStep } from '@/domain/studio/json-pointer';
import { fieldId } from '../utils/checks';

type TextLeaf = Extract<Leaf, { kind: 'text' }>;

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

/**
 * Where the texts of one list are among the leaves: consecutive text leaves that are items 0…n-1
 * of the same list, with no other value of that list after them (a list holding anything but
 * texts gets no list buttons).
 */
export function textLists(leaves: readonly Leaf[]): Map<number, number> {
  const lists = new Map<number, number>();
  const parentOf = (leaf: Leaf) => leaf.path.slice(0, -1);
  const same = (a: readonly PathStep[], b: readonly PathStep[]) =>
    a.length === b.length && a.every((step, i) => step === b[i]);
  let i = 0;
  while (i < leaves.length) {
    const first = leaves[i]!;
    if (first.kind !== 'text' || first.path[first.path.length - 1] !== 0) {
      i += 1;
      continue;
    }
    const parent = parentOf(first);
    let end = i + 1;
    while (end < leaves.length) {
      const next = leaves[end]!;
      if (next.kind !== 'text' || !same(parentOf(next), parent)) break;
      if (next.path[next.path.length - 1] !== end - i) break;
      end += 1;
    }
    const after = leaves[end];
    const within = after && same(after.path.slice(0, parent.length), parent);
    if (!within) lists.set(i, end - i);
    i = end;
  }
  return lists;
}

export function TextList({
  items,
  render,
  onList,
}: {
  items: readonly TextLeaf[];
  /** An item's field. */
  render: (leaf: TextLeaf) => ReactNode;
  /** The list's new items. */
  onList: (path: readonly PathStep[], value: LocalizedValue[]) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [said, setSaid] = useState<{ key: string; number: number } | null>(null);
  const box = useRef<HTMLUListElement>(null);
  const first = items[0]!;
  const parent = first.path.slice(0, -1);
  const path = readablePath(parent);
  const values = items.map((item) => item.value);
  const listId = fieldId(first.pointer.replace(/\/0$/, ''));

  /** After a change, the focus goes to the named button of item `index` (once it is drawn). */
  const focusLater = (index: number, action: string) =>
    requestAnimationFrame(() =>
      box.current
        ?.querySelector<HTMLButtonElement>(`[data-item="${index}"][data-action="${action}"]`)
        ?.focus(),
    );
  const move = (from: number, to: number) => {
    const next = [...values];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onList(parent, next);
    setSaid({ key: 'studio.editor.lists.moved', number: to + 1 });
    const action = to < from ? 'up' : 'down';
    const edge = (action === 'up' && to === 0) || (action === 'down' && to === values.length - 1);
    focusLater(to, edge ? (action === 'up' ? 'down' : 'up') : action);
  };
  const remove = (index: number) => {
    onList(
      parent,
      values.filter((_value, i) => i !== index),
    );
    setSaid({ key: 'studio.editor.lists.removed', number: index + 1 });
    requestAnimationFrame(() =>
      box.current?.parentElement?.querySelector<HTMLButtonElement>('[data-action="add"]')?.focus(),
    );
  };
  const add = () => {
    onList(parent, [...values, { en: '', es: '' }]);
    setSaid({ key: 'studio.editor.lists.added', number: values.length + 1 });
    requestAnimationFrame(() =>
      document
        .getElementById(fieldId(`${first.pointer.replace(/\/0$/, '')}/${values.length}`, 'en'))
        ?.focus(),
    );
  };

  return (
    <div data-list={listId}>
      <ul className={styles.list} ref={box}>
        {items.map((item, index) => {
          const number = index + 1;
          return (
            <li key={item.pointer} className={styles.item}>
              {render(item)}
              <div className={styles.actions}>
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
      <div className={styles.actions}>
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
