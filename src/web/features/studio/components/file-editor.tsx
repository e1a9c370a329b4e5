/**
 * The generic editor of one flows/ file: a field for every value the walker finds (utils/
 * leaves.ts), labelled by its path in the file; English and Spanish side by side (stacked on a
 * phone); settings as switches, number and text inputs or a choice, with the meta-schema's bounds.
 * The draft's checks show at the field they name (utils/checks.ts).
 */
import { memo, useMemo, type ChangeEvent, type ReactNode } from 'react';
import { Field, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { fieldId, type Check, type FieldLanguage } from '../utils/checks';
import { readablePath, valueAt, type PathStep } from '@/domain/studio/json-pointer';
import type { Leaf } from '@/domain/studio/leaves';
import { isStructural, itemLists } from '@/domain/studio/lists';
import { LANGUAGE_NAME_KEYS } from '../utils/format';
import { useEditorContext } from './editor-context';
import { TextBox } from './text-box';
import { TextList } from './text-list';
import { SpanishNeedsReview } from './translation-flag';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  label: { overflowWrap: 'anywhere' },
  about: { gridColumn: '1 / -1', margin: 0, color: tokens.colorNeutralForeground2 },
  setting: { maxWidth: '480px' },
  groupError: {
    gridColumn: '1 / -1',
    color: tokens.colorPaletteRedForeground1,
    margin: 0,
    overflowWrap: 'anywhere',
  },
  // Fluent's validation message, for a check naming a long list of placeholders.
  message: { overflowWrap: 'anywhere' },
});

export type LeafChange = (path: readonly PathStep[], value: unknown) => void;

/** The checks at one field as its error text (one per line). */
const messages = (checks: readonly Check[] | undefined): string | undefined =>
  checks && checks.length > 0 ? checks.map((check) => check.message).join('\n') : undefined;

/** What a number input stores: the number typed, or the text itself (the checks name it) if it is none. */
function numberValue(text: string): number | string {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
}

interface LeafFieldProps<L extends Leaf> {
  leaf: L;
  checks: ReadonlyMap<string, Check[]>;
  onChange: LeafChange;
}

/** A field draws again only when its own value, the checks or the handler changed (not on every keystroke elsewhere). */
function sameField(before: LeafFieldProps<Leaf>, after: LeafFieldProps<Leaf>): boolean {
  return (
    before.checks === after.checks &&
    before.onChange === after.onChange &&
    before.leaf.pointer === after.leaf.pointer &&
    JSON.stringify(before.leaf) === JSON.stringify(after.leaf)
  );
}

const TextLeafField = memo(function TextLeafField({
  leaf,
  checks,
  onChange,
}: LeafFieldProps<Extract<Leaf, { kind: 'text' }>>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const name = leaf.name ?? readablePath(leaf.path);
  const groupId = fieldId(leaf.pointer);
  const { spanishNeedsReview } = useEditorContext();
  const groupError = messages(checks.get(groupId));
  const box = (language: FieldLanguage) => {
    const id = fieldId(leaf.pointer, language);
    const error = messages(checks.get(id));
    return (
      <TextBox
        key={language}
        id={id}
        language={language}
        pointer={leaf.pointer}
        value={leaf.value}
        label={{
          children: t('studio.editor.textLabel', {
            name,
            language: t(LANGUAGE_NAME_KEYS[language]),
          }),
          className: styles.label,
          htmlFor: id,
        }}
        error={error}
        describedBy={
          [leaf.description && `${groupId}-about`, groupError && `${groupId}-error`]
            .filter(Boolean)
            .join(' ') || undefined
        }
        invalid={Boolean(groupError || error)}
        onText={(text) => onChange(leaf.path, { ...leaf.value, [language]: text })}
      />
    );
  };
  return (
    <div className={styles.pair} id={groupId} data-pointer={leaf.pointer}>
      {leaf.description && (
        <p className={styles.about} id={`${groupId}-about`}>
          {leaf.description}
        </p>
      )}
      {spanishNeedsReview.has(leaf.pointer) && <SpanishNeedsReview />}
      {box('en')}
      {box('es')}
      {groupError && (
        <p className={styles.groupError} id={`${groupId}-error`}>
          {groupError}
        </p>
      )}
    </div>
  );
}, sameField);

const SettingField = memo(function SettingField({
  leaf,
  checks,
  onChange,
}: LeafFieldProps<Exclude<Leaf, { kind: 'text' }>>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const id = fieldId(leaf.pointer);
  const error = messages(checks.get(id));
  const label = {
    children: leaf.name ?? readablePath(leaf.path),
    className: styles.label,
    htmlFor: id,
  };
  let control;
  const key = leaf.path[leaf.path.length - 1];
  const fixed = key !== undefined && isStructural(key);
  if (fixed) {
    control = <Input id={id} value={String(leaf.value)} readOnly appearance="filled-darker" />;
  } else if (leaf.kind === 'boolean') {
    control = (
      <Switch
        id={id}
        checked={leaf.value}
        onChange={(_event, data) => onChange(leaf.path, data.checked)}
      />
    );
  } else if (leaf.kind === 'number') {
    control = (
      <Input
        id={id}
        type="number"
        inputMode={leaf.integer ? 'numeric' : 'decimal'}
        step={leaf.integer ? 1 : 'any'}
        min={leaf.minimum}
        max={leaf.maximum}
        value={String(leaf.value)}
        onChange={(_event, data) => onChange(leaf.path, numberValue(data.value))}
      />
    );
  } else if (leaf.options) {
    control = (
      <Select
        id={id}
        value={leaf.value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          onChange(leaf.path, event.target.value)
        }
      >
        {leaf.options.map((option, index) => (
          <option key={option} value={option}>
            {leaf.optionNames?.[index] ?? option}
          </option>
        ))}
      </Select>
    );
  } else {
    control = (
      <Input
        id={id}
        value={leaf.value}
        maxLength={leaf.maxLength}
        onChange={(_event, data) => onChange(leaf.path, data.value)}
      />
    );
  }
  return (
    <Field
      className={styles.setting}
      label={label}
      hint={
        fixed
          ? [leaf.description, t('studio.editor.lists.fixed')].filter(Boolean).join(' ')
          : leaf.description
      }
      validationState={error ? 'error' : 'none'}
      validationMessage={error ? { children: error, className: styles.message } : undefined}
      data-pointer={leaf.pointer}
    >
      {control}
    </Field>
  );
}, sameField);

export function FileEditor({
  json,
  leaves,
  checks,
  onChange,
}: {
  /** The file as it is being edited (the lists' items are read from it). */
  json: unknown;
  leaves: readonly Leaf[];
  /** The checks shown at fields, by field id. */
  checks: ReadonlyMap<string, Check[]>;
  onChange: LeafChange;
}) {
  const styles = useStyles();
  const rows = useMemo(() => {
    const field = (leaf: Leaf) =>
      leaf.kind === 'text' ? (
        <TextLeafField key={leaf.pointer} leaf={leaf} checks={checks} onChange={onChange} />
      ) : (
        <SettingField key={leaf.pointer} leaf={leaf} checks={checks} onChange={onChange} />
      );
    // A list staff edit gets its add, remove and move buttons (text-list.tsx), the lists within
    // its items too.
    const rowsOf = (part: readonly Leaf[], minDepth: number): ReactNode[] => {
      const lists = itemLists(part, minDepth);
      const out: ReactNode[] = [];
      for (let i = 0; i < part.length; i += 1) {
        const list = lists.get(i);
        const value = list && valueAt(json, list.parent);
        if (!list || !Array.isArray(value) || value.length !== list.items) {
          out.push(field(part[i]!));
          continue;
        }
        const depth = list.parent.length;
        out.push(
          <TextList
            key={`list-${part[i]!.pointer}`}
            list={list}
            leaves={part.slice(i, i + list.leaves)}
            value={value}
            render={(item) => rowsOf(item, depth + 1)}
            onList={onChange}
          />,
        );
        i += list.leaves - 1;
      }
      return out;
    };
    return rowsOf(leaves, 0);
  }, [json, leaves, checks, onChange]);
  return <div className={styles.list}>{rows}</div>;
}
