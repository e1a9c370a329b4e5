/**
 * Find a text by its words (issue 44): a search box whose results come while typing (GET /search,
 * English or Spanish, case and accents ignored). Each result is the text's name, where the debtor
 * meets it, and its English and Spanish with the words found marked (`<mark>`); opening it is the
 * screen's to decide (the draft's editor at that text, or a new draft from home).
 */
import { useDeferredValue, useEffect, useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@/web/lib/query-client';
import { studioCall } from '../api/client';
import type { SearchAnswer, SearchResult } from '../api/types';
import { LoadState } from './parts';

/** Fewer letters find too much to be of use. */
const MIN_LETTERS = 2;
/** Results are asked for once typing pauses this long. */
const PAUSE_MS = 120;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  box: { maxWidth: '560px' },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: 'anywhere',
  },
  open: { alignSelf: 'flex-start', textAlign: 'start', height: 'auto', minHeight: '32px' },
  where: { color: tokens.colorNeutralForeground2 },
  text: { margin: 0 },
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: 'inherit' },
});

/** A text with the marked stretches in `<mark>`. */
function Marked({ text, marks }: { text: string; marks: number[][] }) {
  const styles = useStyles();
  const parts: React.ReactNode[] = [];
  let at = 0;
  marks.forEach(([start = 0, end = 0], index) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={index} className={styles.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function useSearch(query: string, draftId: number | undefined) {
  const { i18n } = useTranslation();
  const words = query.trim();
  return useQuery({
    queryKey: ['studio', 'search', words, draftId, i18n.language],
    queryFn: () =>
      studioCall<SearchAnswer>('GET', '/search', {
        query: { q: words, ...(draftId !== undefined && { draft: draftId }) },
      }),
    enabled: words.length >= MIN_LETTERS,
    staleTime: 30_000,
  });
}

export function TextSearch({
  draftId,
  onOpen,
  openHint,
}: {
  /** Search the draft's files over the published version. */
  draftId?: number;
  onOpen: (result: SearchResult) => void;
  /** A line under each open button (what opening does). */
  openHint?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useSearch(useDeferredValue(query), draftId);
  const answer = query.trim().length >= MIN_LETTERS ? search.data : undefined;
  const count = answer
    ? answer.total === 0
      ? t('studio.search.none')
      : answer.total > answer.results.length
        ? t('studio.search.resultsShown', { count: answer.total, shown: answer.results.length })
        : t('studio.search.results', { count: answer.total })
    : '';
  return (
    <section className={styles.section} aria-labelledby="studio-search-heading">
      <Title2 as="h2" id="studio-search-heading" className={styles.heading}>
        {t('studio.search.heading')}
      </Title2>
      <Field className={styles.box} label={t('studio.search.label')} hint={t('studio.search.hint')}>
        <Input
          id="studio-search"
          type="search"
          value={typed}
          autoComplete="off"
          onChange={(_event, data) => setTyped(data.value)}
        />
      </Field>
      <Body1 aria-live="polite" data-testid="studio-search-count">
        {count}
      </Body1>
      <LoadState
        pending={false}
        error={query.trim().length >= MIN_LETTERS ? search.error : null}
        onRetry={() => void search.refetch()}
      />
      {answer && answer.results.length > 0 && (
        <ul className={styles.list} data-testid="studio-search-results">
          {answer.results.map((result) => (
            <li key={`${result.path}${result.pointer}`} className={styles.item}>
              <Button
                appearance="transparent"
                className={styles.open}
                onClick={() => onOpen(result)}
                aria-label={t('studio.search.open', { name: result.name })}
              >
                {result.name}
              </Button>
              <Caption1 className={styles.where}>
                {t('studio.search.where', { group: result.group })}
                {result.inDraft && ` · ${t('studio.search.inDraft')}`}
                {openHint && ` · ${openHint}`}
              </Caption1>
              {(['en', 'es'] as const).map((language) => (
                <p key={language} className={styles.text} lang={language}>
                  <Caption1 className={styles.where}>
                    {t(language === 'en' ? 'studio.search.english' : 'studio.search.spanish')}{' '}
                  </Caption1>
                  <Marked text={result[language].text} marks={result[language].marks} />
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
