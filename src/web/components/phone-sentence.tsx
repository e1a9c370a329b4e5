import { Link, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // A phone number is never split across lines.
  phone: { whiteSpace: 'nowrap' },
});

/** Where the number goes in the translated sentence. */
const SLOT = '\u0000';

/**
 * A text of flows/texts that gives the number to call as `{{phone}}`: the number is a link that
 * calls it (tel:) and stays on one line.
 */
export function PhoneSentence({ textKey, phone }: { textKey: string; phone: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [before, after] = t(textKey, { phone: SLOT }).split(SLOT);
  if (after === undefined) return <>{before}</>;
  return (
    <>
      {before}
      <Link inline className={styles.phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
        {phone}
      </Link>
      {after}
    </>
  );
}
