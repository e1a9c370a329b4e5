import { Body1, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useLetter } from '@/web/api/letter';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { PageHeader } from '@/web/components/page-header';
import { QueryError } from '@/web/components/query-error';
import { isApiError } from '@/web/lib/api';
import { agencyToday } from '@/web/utils/account-rules';
import { letterOptionViews } from '@/web/utils/letter-option-state';
import { LetterOptionCard } from './letter-option-card';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  heading: { display: 'block', margin: `0 0 ${tokens.spacingVerticalM}` },
});

/** A settlement letter's options, for the letter's own sign-in and for the account holder. */
export default function LetterOptionsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { accountNumber = '', letterId = '' } = useParams();
  const letter = useLetter({ accountNumber, letterId: Number(letterId) });

  if (isApiError(letter.error, 404)) return <Navigate to="/" replace />;
  if (letter.isError) return <QueryError />;
  if (letter.isPending) return <DelayedSpinner />;
  const views = letterOptionViews(letter.data.options, agencyToday(), letter.data.principalBalance);
  return (
    <>
      <PageHeader
        title={t('letter.welcome', { firstName: letter.data.firstName ?? '' })}
        description={t('letter.intro', { accountNumber: letter.data.accountNumber })}
      />
      <section aria-labelledby="letter-options-heading">
        <Subtitle1 as="h2" id="letter-options-heading" className={styles.heading}>
          {t('letter.optionsHeading')}
        </Subtitle1>
        {views.length === 0 ? (
          <Body1 as="p">{t('letter.none')}</Body1>
        ) : (
          <ul className={styles.grid}>
            {views.map((view) => (
              <li key={view.option.letterOptionId}>
                <LetterOptionCard view={view} accountNumber={letter.data.accountNumber} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
