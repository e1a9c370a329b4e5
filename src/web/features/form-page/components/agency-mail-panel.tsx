import { Body1, Title3, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { localize } from '@/engine/i18n/split';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { agencyInfo } from '@/web/lib/content';
import type { FormPageFile } from '../utils/page-model';

const useStyles = makeStyles({
  heading: { margin: 0 },
  text: { margin: 0 },
  address: { fontStyle: 'normal', display: 'flex', flexDirection: 'column' },
});

/** A page file's `aside`: the agency's mailing address (flows/content/agency.json) and hours. */
export function AgencyMailPanel({
  pageName,
  texts,
}: {
  pageName: string;
  texts: NonNullable<FormPageFile['aside']>;
}) {
  const id = `${pageName}-mail`;
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const agency = agencyInfo();
  return (
    <aside aria-labelledby={id}>
      <Panel>
        <Title3 as="h2" id={id} className={styles.heading}>
          {t(texts.heading)}
        </Title3>
        <Body1 as="p" className={styles.text}>
          {t(texts.text)}
        </Body1>
        <address className={styles.address} data-testid={`${pageName}-address`}>
          {agency.mailingAddress.map((line) => (
            <Body1 key={line}>{line}</Body1>
          ))}
        </address>
        <Body1 as="p" className={styles.text}>
          {t(texts.hours, { hours: localize(agency.hours, language) })}
        </Body1>
      </Panel>
    </aside>
  );
}
