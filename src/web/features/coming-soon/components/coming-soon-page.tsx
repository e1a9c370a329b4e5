import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { Panel } from '../../../components/panel';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RouterLink } from '../../../components/router-link';

const useStyles = makeStyles({
  card: { maxWidth: '640px', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
});

/** A plain page for screens that are not built yet, so no route is ever blank. */
export default function ComingSoonPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Panel className={styles.card} data-testid="coming-soon">
      <PageHeader title={t('common.comingSoon.title')} />
      <Body1 as="p">{t('common.comingSoon.body')}</Body1>
      <RouterLink to="/">{t('common.comingSoon.home')}</RouterLink>
    </Panel>
  );
}
