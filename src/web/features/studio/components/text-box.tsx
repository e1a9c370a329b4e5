/**
 * One language's box of a text field (issue 44, item 3): the words with each value (placeholder)
 * shown inside them as a token (token-editable.tsx), beside them the values the text uses, each
 * with its meaning and a sample, and the list of the values the text may use, each a button that
 * inserts it at the caret in one click. A value the text may not use, or one the other language
 * has and this one lacks, is flagged while typing, in the staff member's language (the rule of
 * src/domain/placeholders.ts, the same as check:config's).
 */
import { useRef, type ComponentProps } from 'react';
import { Button, Field, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  allowedPlaceholders,
  placeholderNames,
  placeholderProblems,
  type PlaceholderValue,
  type TextLanguage,
} from '@/domain/placeholders';
import { LANGUAGE_NAME_KEYS } from '../utils/format';
import { useEditorContext } from './editor-context';
import { TokenEditable, type TokenEditableHandle } from './token-editable';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  tokens: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  token: {
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200,
    overflowWrap: 'anywhere',
  },
  unknown: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
  message: { overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
  inserts: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  insertHint: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  // 32 px high: a target a finger hits on a phone.
  insert: { minHeight: '32px', minWidth: 0, fontWeight: tokens.fontWeightRegular },
});

export interface TextBoxProps {
  id: string;
  language: TextLanguage;
  pointer: string;
  value: { en: string; es: string };
  label: ComponentProps<typeof Field>['label'];
  /** The server's checks at this box (one a line). */
  error?: string;
  describedBy?: string;
  invalid: boolean;
  onText: (text: string) => void;
}

export function TextBox(props: TextBoxProps) {
  const { id, language, pointer, value, label, error, describedBy, invalid, onText } = props;
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { file, glossary } = useEditorContext();
  const area = useRef<TokenEditableHandle>(null);
  const text = value[language];
  const staffLanguage: TextLanguage = i18n.language.startsWith('es') ? 'es' : 'en';

  const allowed = glossary ? allowedPlaceholders(glossary, file, pointer) : [];
  const problems = glossary
    ? placeholderProblems(value, allowed).filter((p) => p.language === language)
    : [];
  const other = t(LANGUAGE_NAME_KEYS[language === 'en' ? 'es' : 'en']);
  const live = problems.map((p) =>
    p.kind === 'unknown'
      ? t('studio.editor.tokens.unknown', { name: p.placeholder })
      : t('studio.editor.tokens.missing', { name: p.placeholder, other }),
  );
  const shown = [...live, ...(error ? [error] : [])].join('\n');
  const describe = (name: string): string => {
    const known: PlaceholderValue | undefined = glossary?.values.get(name);
    return known
      ? t('studio.editor.tokens.token', {
          name,
          meaning: known.meaning[staffLanguage],
          sample: known.sample[staffLanguage],
        })
      : t('studio.editor.tokens.tokenUnknown', { name });
  };

  const insert = (name: string) => {
    const box = area.current;
    const { start, end } = box ? box.selection() : { start: text.length, end: text.length };
    const token = `{{${name}}}`;
    box?.caretAfterUpdate(start + token.length);
    onText(text.slice(0, start) + token + text.slice(end));
  };

  const used = placeholderNames(text);
  const unknown = new Set(problems.filter((p) => p.kind === 'unknown').map((p) => p.placeholder));
  const tokensId = `${id}-tokens`;
  return (
    <div className={styles.box}>
      <Field
        label={label}
        validationState={shown ? 'error' : 'none'}
        validationMessage={shown ? { children: shown, className: styles.message } : undefined}
      >
        <TokenEditable
          id={id}
          ref={area}
          lang={language}
          text={text}
          unknown={unknown}
          describe={describe}
          describedBy={
            [describedBy, used.length > 0 ? tokensId : undefined].filter(Boolean).join(' ') ||
            undefined
          }
          invalid={invalid || Boolean(shown)}
          onText={onText}
        />
      </Field>
      {used.length > 0 && (
        <ul className={styles.tokens} id={tokensId} aria-label={t('studio.editor.tokens.used')}>
          {used.map((name) => (
            <li
              key={name}
              className={mergeClasses(styles.token, unknown.has(name) && styles.unknown)}
              data-token={name}
            >
              {describe(name)}
            </li>
          ))}
        </ul>
      )}
      {glossary && allowed.length > 0 && (
        <div
          role="group"
          className={styles.inserts}
          aria-label={t('studio.editor.tokens.insertLabel', {
            language: t(LANGUAGE_NAME_KEYS[language]),
          })}
          data-testid={`${id}-insert`}
        >
          <span className={styles.insertHint} aria-hidden="true">
            {t('studio.editor.tokens.insert')}
          </span>
          {allowed.map((name) => (
            <Button
              key={name}
              size="small"
              appearance="secondary"
              className={styles.insert}
              data-token={name}
              aria-label={t('studio.editor.tokens.insertOne', { value: describe(name) })}
              title={describe(name)}
              // The box keeps its caret: a click inserts where the staff member was typing.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(name)}
            >
              {name}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
