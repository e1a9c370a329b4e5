/**
 * A message's preview (issue 43, item 1; issue 44, item 4), at /studio/messages/preview?kind=&draft=:
 * the kind as it would be sent, from the draft's saved words (or the published ones), filled with
 * the glossary's sample values, in English or Spanish: the e-mail (subject, its HTML sandboxed at
 * a desktop and a phone width, its plain-text part) and the text message with its size, encoding
 * and segments. Opened from the draft editor (preview-link.tsx) or chosen here; every member who
 * reads drafts may see it.
 */
import { useId } from 'react';
import {
  Body1,
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler, useSearchParams } from 'react-router-dom';
import { useLanguage } from '@/web/hooks/use-language';
import { useContent, useDraft } from '../api/queries';
import { LoadState, StudioHeading } from '../components/parts';
import { readsActivity, useStudioSession } from '../hooks/use-studio-session';
import { useMessagePreview } from './api';
import { EmailView, MessageParts, SmsView } from './message-parts';

const KIND = /^[a-z0-9][a-z0-9-]{0,63}$/;
const DRAFT = /^[1-9][0-9]{0,9}$/;
type Language = 'en' | 'es';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  chooser: { maxWidth: '480px' },
  channels: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalXXL,
  },
});

/** The path of a message kind's file, and back. */
export const kindOfPath = (path: string): string | undefined => {
  const match = /^messages\/([a-z0-9][a-z0-9-]{0,63})\.json$/.exec(path);
  return match && match[1] !== 'common' ? match[1] : undefined;
};

function DraftLink({ draftId }: { draftId: number }) {
  const { t } = useTranslation();
  const to = `/studio/drafts/${draftId}`;
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <div>
      <Button as="a" href={href} onClick={onClick}>
        {t('studio-messages.preview.backToDraft')}
      </Button>
    </div>
  );
}

function DraftSource({ draftId }: { draftId: number }) {
  const { t } = useTranslation();
  const draft = useDraft(draftId);
  if (!draft.data) return null;
  return (
    <Body1 as="p" data-testid="studio-message-preview-source">
      {t('studio-messages.preview.fromDraft', { title: draft.data.title })}
    </Body1>
  );
}

export function MessagePreviewPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const staffLanguage = useLanguage();
  const { role } = useStudioSession();
  const [search, setSearch] = useSearchParams();
  const rawKind = search.get('kind') ?? '';
  const kind = KIND.test(rawKind) ? rawKind : undefined;
  const rawDraft = search.get('draft') ?? '';
  const draftId = DRAFT.test(rawDraft) ? Number(rawDraft) : undefined;
  const language: Language =
    search.get('language') === 'es'
      ? 'es'
      : search.get('language') === 'en'
        ? 'en'
        : staffLanguage === 'es'
          ? 'es'
          : 'en';
  const content = useContent();
  const preview = useMessagePreview(kind, draftId);
  const chooserId = useId();
  const kinds = (content.data?.files ?? [])
    .map((file) => ({ kind: kindOfPath(file.path), name: file.name }))
    .filter((entry): entry is { kind: string; name: string } => entry.kind !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name, staffLanguage));
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    setSearch(next, { replace: true });
  };
  const shown = preview.data?.languages[language];
  return (
    <div className={styles.page}>
      <StudioHeading
        title={
          preview.data
            ? `${t('studio-messages.preview.title')}: ${preview.data.title[staffLanguage === 'es' ? 'es' : 'en']}`
            : t('studio-messages.preview.title')
        }
        description={t('studio-messages.preview.description')}
      />
      {readsActivity(role) && <MessageParts />}
      {draftId !== undefined && <DraftLink draftId={draftId} />}
      <Field label={t('studio-messages.preview.kind')} className={styles.chooser}>
        <Select
          id={chooserId}
          value={kind ?? ''}
          onChange={(_event, data) => set({ kind: data.value || undefined })}
          data-testid="studio-message-preview-kind"
        >
          <option value="">{t('studio-messages.preview.choose')}</option>
          {kinds.map((entry) => (
            <option key={entry.kind} value={entry.kind}>
              {entry.name}
            </option>
          ))}
        </Select>
      </Field>
      {kind !== undefined && (
        <LoadState
          pending={preview.isPending}
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      )}
      {preview.data && shown && (
        <>
          {draftId !== undefined ? (
            <DraftSource draftId={draftId} />
          ) : (
            <Body1 as="p" data-testid="studio-message-preview-source">
              {t('studio-messages.preview.fromPublished', { version: preview.data.version })}
            </Body1>
          )}
          <TabList
            aria-label={t('studio-messages.preview.language')}
            selectedValue={language}
            onTabSelect={(_event, data) => set({ language: data.value as Language })}
          >
            <Tab value="en" data-testid="studio-message-preview-en">
              {t('studio-messages.languageNames.english')}
            </Tab>
            <Tab value="es" data-testid="studio-message-preview-es">
              {t('studio-messages.languageNames.spanish')}
            </Tab>
          </TabList>
          {shown.problem ? (
            <MessageBar intent="error">
              <MessageBarBody>
                {t('studio-messages.preview.problem', { detail: shown.problem.detail })}
              </MessageBarBody>
            </MessageBar>
          ) : (
            <div className={styles.channels} lang={language}>
              {preview.data.channels.includes('email') ? (
                <EmailView
                  key={language}
                  subject={shown.subject}
                  html={shown.html}
                  text={shown.text}
                  testId="studio-message-preview-email"
                />
              ) : (
                <Body1 as="p">{t('studio-messages.preview.noEmail')}</Body1>
              )}
              {preview.data.channels.includes('sms') && shown.sms !== null ? (
                <SmsView
                  sms={shown.sms}
                  segments={shown.segments}
                  testId="studio-message-preview-sms"
                />
              ) : (
                <Body1 as="p">{t('studio-messages.preview.noSms')}</Body1>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
