/**
 * A draft's preview in the real portal (issue 24): choose the portal's language and a screen
 * width, open the portal in a frame at the sign-in page (or in a new tab) with the draft's texts,
 * and end it. Opening calls POST /drafts/:id/preview, which sets this browser's preview cookie;
 * the portal's pages then carry the draft (and a banner saying so), the debtor API records nothing
 * for this browser, and the studio's own pages and every other browser keep the published content.
 * Ending (POST /preview/end) clears the cookie.
 */
import { useState } from 'react';
import {
  Body1,
  Button,
  Field,
  Link,
  Radio,
  RadioGroup,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/engine/i18n/split';
import { portalConfig } from '@/web/lib/config';
import { currentLanguage } from '@/web/lib/i18n';
import { studioCall } from '../api/client';
import type { PreviewStarted } from '../api/types';
import { LANGUAGE_NAME_KEYS, formatWhen } from '../utils/format';
import { StudioError, errorKey } from './parts';

const WIDTHS = [1280, 375] as const;
type Width = (typeof WIDTHS)[number];
const WIDTH_KEYS: Record<Width, string> = {
  1280: 'studio.preview.desktop',
  375: 'studio.preview.phone',
};
/** Where the preview starts: the portal's sign-in, as a debtor's visit does. */
const START = '/login';
const FRAME_HEIGHT_PX = 760;

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  heading: { margin: 0 },
  intro: { margin: 0, maxWidth: '72ch' },
  choices: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  status: { color: tokens.colorNeutralForeground2 },
  // A desktop-wide portal scrolls sideways in a narrower studio rather than shrinking.
  frameBox: {
    overflowX: 'auto',
    maxWidth: '100%',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  frame: { display: 'block', border: 'none', backgroundColor: tokens.colorNeutralBackground1 },
});

export function PreviewPanel({ draftId }: { draftId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>('en');
  const [width, setWidth] = useState<Width>(1280);
  const [started, setStarted] = useState<PreviewStarted | null>(null);
  // Each opening loads the frame afresh (a new key), at the sign-in page.
  const [opening, setOpening] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);

  const start = (chosen: Language) => {
    setBusy(true);
    setError(null);
    setEnded(false);
    studioCall<PreviewStarted>('POST', `/drafts/${draftId}/preview`, {
      body: { language: chosen },
    })
      .then((answer) => {
        setStarted(answer);
        setOpening((n) => n + 1);
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => setBusy(false));
  };

  const end = () => {
    setBusy(true);
    setError(null);
    studioCall('POST', '/preview/end')
      .then(() => {
        setStarted(null);
        setEnded(true);
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => setBusy(false));
  };

  const chooseLanguage = (value: string) => {
    const chosen: Language = value === 'es' ? 'es' : 'en';
    setLanguage(chosen);
    // An open preview follows at once (the cookie names its language).
    if (started) start(chosen);
  };

  const languageName = (lang: Language) => t(LANGUAGE_NAME_KEYS[lang]);
  const path = started?.path ?? START;
  const frameTitle = started
    ? t('studio.preview.frameTitle', { draftId, language: languageName(started.language), width })
    : '';
  return (
    <section className={styles.panel} aria-labelledby="studio-preview-heading">
      <Title2 as="h2" id="studio-preview-heading" className={styles.heading}>
        {t('studio.preview.heading')}
      </Title2>
      <Body1 as="p" className={styles.intro}>
        {t('studio.preview.intro')}
      </Body1>
      <div className={styles.choices}>
        <Field label={t('studio.preview.language')}>
          <RadioGroup
            value={language}
            layout="horizontal"
            onChange={(_event, data) => chooseLanguage(data.value)}
          >
            {(['en', 'es'] as const).map((lang) => (
              <Radio key={lang} value={lang} label={languageName(lang)} disabled={busy} />
            ))}
          </RadioGroup>
        </Field>
        <Field label={t('studio.preview.width')}>
          <RadioGroup
            value={String(width)}
            layout="horizontal"
            onChange={(_event, data) => setWidth(data.value === '375' ? 375 : 1280)}
          >
            {WIDTHS.map((w) => (
              <Radio key={w} value={String(w)} label={t(WIDTH_KEYS[w])} />
            ))}
          </RadioGroup>
        </Field>
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => start(language)} disabled={busy}>
          {started ? t('studio.preview.reload') : t('studio.preview.open')}
        </Button>
        {started && (
          <>
            <Link href={path} target="_blank" rel="noopener">
              {t('studio.preview.newTab')}
            </Link>
            <Button onClick={end} disabled={busy}>
              {t('studio.preview.end')}
            </Button>
          </>
        )}
        <Body1 role="status" className={styles.status}>
          {started
            ? t('studio.preview.started', {
                language: languageName(started.language),
                time: formatWhen(
                  started.expiresAt,
                  currentLanguage(),
                  portalConfig().calendar?.timeZone,
                ),
              })
            : ended
              ? t('studio.preview.ended')
              : ''}
        </Body1>
      </div>
      <StudioError textKey={error} id="studio-preview-error" />
      {started && (
        // Scrolls sideways when the studio is narrower than the portal's width: reachable by
        // keyboard (a named, focusable region).
        <div className={styles.frameBox} role="region" aria-label={frameTitle} tabIndex={0}>
          <iframe
            key={opening}
            className={styles.frame}
            src={path}
            title={frameTitle}
            width={width}
            height={FRAME_HEIGHT_PX}
            data-testid="studio-preview-frame"
          />
        </div>
      )}
    </section>
  );
}
