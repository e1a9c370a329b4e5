import { Body1, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api';
import { useLetter } from '../api/letter';

const useStyles = makeStyles({
  card: { maxWidth: '640px', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalM },
});

/** The settlement letter page: for now the welcome and a note that online options come soon. */
export default function LetterOptionsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { accountNumber = '', letterId = '' } = useParams();
  const letter = useLetter({ accountNumber, letterId: Number(letterId) });

  if (isApiError(letter.error, 404)) return <Navigate to="/" replace />;
  if (letter.isError) return <QueryError />;
  if (letter.isPending) return <DelayedSpinner />;
  return (
    <Card className={styles.card}>
      <PageHeader
        title={t('verify-letter.options.welcome', { firstName: letter.data?.firstName ?? '' })}
        description={t('verify-letter.options.intro', { accountNumber })}
      />
      <Body1 as="p">{t('verify-letter.options.comingSoon')}</Body1>
    </Card>
  );
}
