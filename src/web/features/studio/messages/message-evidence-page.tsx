/**
 * A message as sent (issue 43, item 4), at /studio/messages/:id (approvers and admins): what was
 * recorded before it was sent (its subject, HTML at desktop and phone widths, plain text, text
 * message), the content version its words came from with that version's comment, the channel,
 * masked address, times, delivery status, attempts and the times its sign-in link was opened.
 */
import type { ReactNode } from 'react';
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler, useParams } from 'react-router-dom';
import { SmsBubble } from '@/web/components/message-frame';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { LoadState, StudioHeading } from '../components/parts';
import { readsActivity, useStudioSession } from '../hooks/use-studio-session';
import { formatWhen } from '../utils/format';
import { useMessage } from './api';
import { EmailView, MessageParts, MessagesRefused } from './message-parts';
import { MESSAGE_ID, useKindName, useStatusText } from './messages-page';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

function BackLink() {
  const { t } = useTranslation();
  const href = useHref('/studio/messages');
  const onClick = useLinkClickHandler<HTMLAnchorElement>('/studio/messages');
  return (
    <div>
      <Button as="a" href={href} onClick={onClick}>
        {t('studio-messages.evidence.back')}
      </Button>
    </div>
  );
}

export function MessageEvidencePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { role } = useStudioSession();
  const { messageId = '' } = useParams();
  const valid = MESSAGE_ID.test(messageId);
  const evidence = useMessage(valid ? messageId : undefined);
  const statusText = useStatusText();
  const kindName = useKindName();
  if (!readsActivity(role)) return <MessagesRefused />;
  const timeZone = portalConfig().calendar?.timeZone;
  const when = (iso: string | null) => (iso ? formatWhen(iso, language, timeZone) : '');
  const data = evidence.data;
  const m = data?.message;
  const facts: [string, ReactNode][] =
    data && m
      ? [
          [t('studio-messages.evidence.reference'), m.id],
          [t('studio-messages.evidence.kind'), kindName(m)],
          [t('studio-messages.evidence.channel'), t(`studio-messages.channels.${m.channel}`)],
          [
            t('studio-messages.evidence.language'),
            t(
              m.language === 'es'
                ? 'studio-messages.languageNames.spanish'
                : 'studio-messages.languageNames.english',
            ),
          ],
          [t('studio-messages.evidence.account'), m.accountNumber ?? ''],
          [t('studio-messages.evidence.to'), m.maskedAddress ?? ''],
          [t('studio-messages.evidence.status'), statusText(m)],
          [t('studio-messages.evidence.made'), when(m.createdAt)],
          [t('studio-messages.evidence.due'), when(data.dueAt)],
          [
            t('studio-messages.evidence.sent'),
            m.sentAt ? when(m.sentAt) : t('studio-messages.evidence.notSent'),
          ],
          ...(m.inDoubtAt
            ? [[t('studio-messages.evidence.inDoubt'), when(m.inDoubtAt)] as [string, string]]
            : []),
          [t('studio-messages.evidence.attempts'), String(data.attempts)],
          ...(data.error
            ? [[t('studio-messages.evidence.error'), data.error] as [string, string]]
            : []),
          [
            t('studio-messages.evidence.clicks'),
            data.clicks.length === 0
              ? t('studio-messages.evidence.never')
              : data.clicks.map((c) => when(c)).join('; '),
          ],
          [
            t('studio-messages.evidence.version'),
            data.version
              ? t('studio-messages.evidence.versionLine', {
                  version: data.version.version,
                  when: when(data.version.publishedAt),
                  comment: data.version.comment,
                })
              : t('studio-messages.evidence.versionOnly', { version: m.templateVersion }),
          ],
        ]
      : [];
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio-messages.evidence.title')}
        description={t('studio-messages.evidence.description')}
      />
      <MessageParts />
      <BackLink />
      {valid ? (
        <LoadState
          pending={evidence.isPending}
          error={evidence.error}
          onRetry={() => void evidence.refetch()}
        />
      ) : (
        <Body1 as="p" role="alert">
          {t('studio-messages.outbox.badReference')}
        </Body1>
      )}
      {data && m && (
        <>
          <section aria-label={t('studio-messages.evidence.facts')}>
            <dl className={styles.facts} data-testid="studio-message-facts">
              {facts.map(([term, value]) => (
                <div key={term} style={{ display: 'contents' }}>
                  <dt className={styles.term}>{term}</dt>
                  <dd className={styles.value}>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {data.html === null && data.text === null && data.sms === null ? (
            <Body1 as="p">{t('studio-messages.evidence.nothingRecorded')}</Body1>
          ) : m.channel === 'email' ? (
            <div lang={m.language}>
              <EmailView
                subject={m.subject}
                html={data.html}
                text={data.text}
                testId="studio-message-email"
              />
            </div>
          ) : (
            data.sms !== null && (
              <div lang={m.language}>
                <SmsBubble text={data.sms} testId="studio-message-sms" />
              </div>
            )
          )}
        </>
      )}
    </div>
  );
}
