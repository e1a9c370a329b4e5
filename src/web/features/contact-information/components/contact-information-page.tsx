import { useState, type ReactNode } from 'react';
import { Body1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SchemaForm, type ExternalError } from '../../../../engine/form/SchemaForm';
import { loadPrecompiled } from '../../../../engine/form/precompiled';
import * as contactModule from '../../../../generated/validators/contact-information';
import * as preferencesModule from '../../../../generated/validators/communication-preferences';
import { useSetCommunicationPreferences } from '../../../api/contact-information-preferences';
import { useUpdateDebtorDetails } from '../../../api/contact-information-update';
import { usePrimaryDebtor } from '../../../api/primary-debtor';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { useNotify } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { portalConfig } from '../../../lib/config';
import { apiFieldErrors } from '../../../utils/api-field-errors';
import {
  contactFormData,
  offersPreferences,
  preferencesFormData,
} from '../utils/contact-form-data';

const contact = loadPrecompiled(contactModule);
const preferences = loadPrecompiled(preferencesModule);

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    maxWidth: '760px',
    width: '100%',
  },
  heading: { margin: 0 },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
});

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Panel>
        <Title3 as="h2" id={`${id}-heading`} className={styles.heading}>
          {title}
        </Title3>
        <Body1 as="p" className={styles.description}>
          {description}
        </Body1>
        {children}
      </Panel>
    </section>
  );
}

/**
 * Contact details (name read-only, phones on file read-only, new ones added) and communication
 * preferences when the debtor allows e-mail or text messages; both forms come from flows/forms.
 */
export default function ContactInformationPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const debtor = usePrimaryDebtor();
  const update = useUpdateDebtorDetails();
  const setPreferences = useSetCommunicationPreferences();
  const [contactErrors, setContactErrors] = useState<ExternalError[]>([]);
  const [preferenceErrors, setPreferenceErrors] = useState<ExternalError[]>([]);
  const { forms } = portalConfig();

  let content;
  if (debtor.isError) content = <QueryError inline />;
  else if (!debtor.data) content = <DelayedSpinner />;
  else {
    const data = debtor.data;
    content = (
      <>
        <Section
          id="contact-details"
          title={t('contact-information.contact.heading')}
          description={t('contact-information.contact.description')}
        >
          <SchemaForm
            id="contact-information"
            flow={forms['contact-information']!}
            schema={contact.schema}
            validator={contact.validator}
            formData={contactFormData(data)}
            busy={update.isPending}
            externalErrors={contactErrors}
            onSubmit={(details) => {
              setContactErrors([]);
              update.mutate(details, {
                onSuccess: () =>
                  notify({ intent: 'success', titleKey: 'contact-information.contact.saved' }),
                onError: (error) => {
                  setContactErrors(apiFieldErrors(error));
                  notify({ intent: 'error', titleKey: 'contact-information.contact.error' });
                },
              });
            }}
          />
        </Section>
        {offersPreferences(data) && (
          <Section
            id="preferences"
            title={t('contact-information.preferences.heading')}
            description={t('contact-information.preferences.description')}
          >
            <SchemaForm
              id="communication-preferences"
              flow={forms['communication-preferences']!}
              schema={preferences.schema}
              validator={preferences.validator}
              formData={preferencesFormData(data)}
              busy={setPreferences.isPending}
              externalErrors={preferenceErrors}
              onSubmit={(values) => {
                setPreferenceErrors([]);
                setPreferences.mutate(values, {
                  onSuccess: () =>
                    notify({
                      intent: 'success',
                      titleKey: 'contact-information.preferences.saved',
                    }),
                  onError: (error) => {
                    setPreferenceErrors(apiFieldErrors(error));
                    notify({ intent: 'error', titleKey: 'contact-information.preferences.error' });
                  },
                });
              }}
            />
          </Section>
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('contact-information.title')}
        description={t('contact-information.description')}
      />
      {content}
    </div>
  );
}
