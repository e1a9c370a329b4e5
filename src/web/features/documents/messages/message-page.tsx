/**
 * One message sent to the debtor, exactly as it was sent (issue 43, item 4), at
 * /documents/messages/:messageId: an e-mail's subject, its HTML in a sandboxed frame (the width of
 * the page, up to the e-mail's own) and its plain-text part, or a text message; in the language it
 * was written in (marked with `lang`), whatever the page's language.
 */
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { EmailFrame, PlainText, SmsBubble } from '@/web/components/message-frame';
import { PageHeader } from '@/web/components/page-header';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { formatDate } from '@/web/utils/format-date';
import { useSentMessage } from './api';
import { dayOf } from './sent-messages';

const ID = /^msg_[0-9a-f]{24}$/;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%' },
  frame: { '& iframe': { width: '100% !important', maxWidth: '680px' } },
});

function Message({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const message = useSentMessage(id);
  if (message.isError)
    return (
      <Body1 as="p" role="alert" data-testid="message-not-found">
        {t('document-messages.notFound')}
      </Body1>
    );
  if (!message.data) return <DelayedSpinner />;
  const { message: m, html, text, sms } = message.data;
  const title = m.title
    ? m.title[language === 'es' ? 'es' : 'en']
    : t('document-messages.untitled');
  return (
    <>
      <PageHeader
        title={m.subject ?? title}
        description={t('document-messages.sentOn', {
          date: formatDate(dayOf(m.sentAt), language),
          accountNumber: m.accountNumber ?? '',
        })}
      />
      <Body1 as="p">
        {t('document-messages.sentIn', {
          language: t(
            m.language === 'es'
              ? 'document-messages.languageNames.spanish'
              : 'document-messages.languageNames.english',
          ),
        })}
      </Body1>
      <div lang={m.language} className={styles.page} data-testid="message-as-sent">
        {html !== null && (
          <div className={styles.frame}>
            <EmailFrame
              html={html}
              width="desktop"
              title={t('document-messages.frame')}
              testId="message-html"
            />
          </div>
        )}
        {text !== null && (
          <section aria-label={t('document-messages.textPart')}>
            <PlainText text={text} testId="message-text" />
          </section>
        )}
        {m.channel === 'sms' && sms !== null && <SmsBubble text={sms} testId="message-sms" />}
      </div>
    </>
  );
}

export default function MessagePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { messageId = '' } = useParams();
  return (
    <div className={styles.page}>
      <div>
        <RouterLink to="/documents">{t('document-messages.back')}</RouterLink>
      </div>
      {ID.test(messageId) ? (
        <Message id={messageId} />
      ) : (
        <Body1 as="p" role="alert" data-testid="message-not-found">
          {t('document-messages.notFound')}
        </Body1>
      )}
    </div>
  );
}
