import { useEffect, useRef, useState } from 'react';
import { Body1, Button, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '../../../lib/query-client';
import { useTranslation } from 'react-i18next';
import { SchemaForm, type ExternalError } from '../../../../engine/form/SchemaForm';
import { loadPrecompiled } from '../../../../engine/form/precompiled';
import { localize } from '../../../../engine/i18n/split';
import * as contactUsModule from '../../../../generated/validators/contact-us';
import { useContactUs } from '../../../api/contact-us-submit';
import { primaryDebtorQuery } from '../../../api/primary-debtor';
import { ButtonLink } from '../../../components/button-link';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { SubmitError } from '../../../components/submit-error';
import { useLanguage } from '../../../hooks/use-language';
import { useRole } from '../../../hooks/use-role';
import { portalConfig } from '../../../lib/config';
import { agencyInfo } from '../../../lib/content';
import { apiFieldErrors } from '../../../utils/api-field-errors';
import { debtorFullName } from '../../../utils/debtor-name';

const contactUs = loadPrecompiled(contactUsModule);

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    '@media (max-width: 768px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  heading: { margin: 0 },
  text: { margin: 0 },
  address: { fontStyle: 'normal', display: 'flex', flexDirection: 'column' },
  extras: { marginTop: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  signIn: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
});

/**
 * Contact us (flows/forms/contact-us.json), public at /contact-us (with a sign-in button) and
 * signed in at /dashboard/contact-us (name and phone filled in; the account must be theirs).
 */
export default function ContactUsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const signedIn = useRole() === 'account';
  const debtor = useQuery({ ...primaryDebtorQuery, enabled: signedIn });
  const submit = useContactUs();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<ExternalError[]>([]);
  // A new form (after "send another message") starts from the first data again.
  const [round, setRound] = useState(0);
  const confirmationHeading = useRef<HTMLHeadingElement>(null);
  const agency = agencyInfo();

  useEffect(() => {
    if (confirmation) confirmationHeading.current?.focus();
  }, [confirmation]);

  const initial: Record<string, unknown> = {};
  if (signedIn && debtor.data) {
    initial.name = debtorFullName(debtor.data);
    const phone = debtor.data.phones[0]?.phoneNumber;
    if (phone) initial.phoneNumber = phone;
  }

  return (
    <div>
      <PageHeader title={t('contact-us.title')} description={t('contact-us.description')} />
      {!signedIn && (
        <div className={styles.signIn}>
          <Body1>{t('contact-us.signInPrompt')}</Body1>
          <ButtonLink to="/login" appearance="primary" data-testid="contact-us-sign-in">
            {t('contact-us.signIn')}
          </ButtonLink>
        </div>
      )}
      <div className={styles.layout}>
        {confirmation ? (
          <Panel data-testid="contact-us-confirmation">
            <h2 ref={confirmationHeading} tabIndex={-1} className={styles.heading}>
              <Title3>{t('contact-us.success.title')}</Title3>
            </h2>
            <Body1 as="p" className={styles.text}>
              {t('contact-us.success.body')}
            </Body1>
            <Body1 as="p" className={styles.text}>
              {t('contact-us.success.code')}{' '}
              <strong data-testid="contact-us-code">{confirmation}</strong>
            </Body1>
            <div className={styles.actions}>
              <ButtonLink appearance="primary" to={signedIn ? '/dashboard' : '/login'}>
                {t(signedIn ? 'contact-us.success.accounts' : 'contact-us.signIn')}
              </ButtonLink>
              <Button
                appearance="secondary"
                onClick={() => {
                  setConfirmation(null);
                  setRound((value) => value + 1);
                }}
              >
                {t('contact-us.success.another')}
              </Button>
            </div>
          </Panel>
        ) : signedIn && debtor.isPending ? (
          <DelayedSpinner />
        ) : (
          <Panel>
            <SchemaForm
              key={round}
              id="contact-us"
              flow={portalConfig().forms['contact-us']!}
              schema={contactUs.schema}
              validator={contactUs.validator}
              formData={initial}
              busy={submit.isPending}
              externalErrors={fieldErrors}
              onSubmit={(data) => {
                setFailed(false);
                setFieldErrors([]);
                submit.mutate(data, {
                  onSuccess: (result) => setConfirmation(result.confirmation),
                  onError: (error) => {
                    const found = apiFieldErrors(error);
                    setFieldErrors(found);
                    setFailed(found.length === 0);
                  },
                });
              }}
            >
              <div className={styles.extras}>
                <SubmitError
                  id="contact-us-error"
                  titleKey="errors.page.title"
                  textKey={failed ? 'contact-us.error' : null}
                />
              </div>
            </SchemaForm>
          </Panel>
        )}
        <aside aria-labelledby="contact-us-mail">
          <Panel>
            <Title3 as="h2" id="contact-us-mail" className={styles.heading}>
              {t('contact-us.mail.heading')}
            </Title3>
            <Body1 as="p" className={styles.text}>
              {t('contact-us.mail.text')}
            </Body1>
            <address className={styles.address} data-testid="contact-us-address">
              {agency.mailingAddress.map((line) => (
                <Body1 key={line}>{line}</Body1>
              ))}
            </address>
            <Body1 as="p" className={styles.text}>
              {t('contact-us.mail.hours', { hours: localize(agency.hours, language) })}
            </Body1>
          </Panel>
        </aside>
      </div>
    </div>
  );
}
