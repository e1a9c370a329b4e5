/**
 * What the studio's message screens share (issue 43): the links between their parts, the refusal
 * for a role that may not see debtors' messages, a message's e-mail (subject, HTML at a desktop
 * or phone width, plain-text part) and its text message with the segment count.
 */
import { useId, useState } from 'react';
import {
  Body1,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Tab,
  TabList,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  EmailFrame,
  MESSAGE_WIDTHS,
  PlainText,
  SmsBubble,
  type MessageWidth,
} from '@/web/components/message-frame';
import { StudioHeading } from '../components/parts';
import { ScreenParts } from '../components/screen-parts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  subject: { overflowWrap: 'anywhere' },
});

/** The parts of the Messages screen, the current one marked. */
export function MessageParts() {
  const { t } = useTranslation();
  return (
    <ScreenParts
      label={t('studio-messages.parts.label')}
      parts={[
        { to: '/studio/messages', label: t('studio-messages.parts.outbox') },
        { to: '/studio/messages/counts', label: t('studio-messages.parts.counts') },
        { to: '/studio/messages/preview', label: t('studio-messages.parts.preview') },
      ]}
    />
  );
}

/** For a role that may not see debtors' messages (the server refuses them too: guard.ts). */
export function MessagesRefused() {
  const { t } = useTranslation();
  return (
    <>
      <StudioHeading title={t('studio-messages.title')} />
      <MessageBar intent="warning">
        <MessageBarBody>{t('studio-messages.refused')}</MessageBarBody>
      </MessageBar>
    </>
  );
}

/** An e-mail: its subject, its HTML at a width the staff member picks, its plain-text part. */
export function EmailView({
  subject,
  html,
  text,
  testId,
  headingLevel = 2,
}: {
  subject: string | null;
  html: string | null;
  text: string | null;
  testId: string;
  headingLevel?: 2 | 3;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [width, setWidth] = useState<MessageWidth>('desktop');
  const headingId = useId();
  const widthName = t(`studio-messages.email.${width}`);
  return (
    <section aria-labelledby={headingId} className={styles.section} data-testid={testId}>
      <Title2 as={`h${headingLevel}`} id={headingId} className={styles.heading}>
        {t('studio-messages.email.heading')}
      </Title2>
      {subject !== null && (
        <Subtitle2 as="p" className={styles.subject} data-testid={`${testId}-subject`}>
          {t('studio-messages.email.subject', { subject })}
        </Subtitle2>
      )}
      <TabList
        aria-label={t('studio-messages.email.width')}
        selectedValue={width}
        onTabSelect={(_event, data) => setWidth(data.value as MessageWidth)}
      >
        {(Object.keys(MESSAGE_WIDTHS) as MessageWidth[]).map((w) => (
          <Tab key={w} value={w}>
            {t('studio-messages.email.tab', {
              title: t(`studio-messages.email.${w}`),
              width: MESSAGE_WIDTHS[w],
            })}
          </Tab>
        ))}
      </TabList>
      {html !== null && (
        <EmailFrame
          html={html}
          width={width}
          title={t('studio-messages.email.frame', { width: widthName })}
          testId={`${testId}-frame`}
        />
      )}
      {text !== null && (
        <>
          <Subtitle2 as="p">{t('studio-messages.email.textPart')}</Subtitle2>
          <PlainText text={text} testId={`${testId}-text`} />
        </>
      )}
    </section>
  );
}

/** A text message with its size, encoding and segments (GSM-7 or UCS-2). */
export function SmsView({
  sms,
  segments,
  testId,
  headingLevel = 2,
}: {
  sms: string;
  segments: { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } | null;
  testId: string;
  headingLevel?: 2 | 3;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section} data-testid={testId}>
      <Title2 as={`h${headingLevel}`} id={headingId} className={styles.heading}>
        {t('studio-messages.sms.heading')}
      </Title2>
      <SmsBubble text={sms} testId={`${testId}-text`} />
      {segments && (
        <>
          <Body1 as="p" data-testid={`${testId}-count`}>
            {t('studio-messages.sms.count', segments)}
          </Body1>
          <Body1 as="p">
            {t(
              segments.encoding === 'GSM-7' ? 'studio-messages.sms.gsm' : 'studio-messages.sms.ucs',
            )}
          </Body1>
        </>
      )}
    </section>
  );
}
