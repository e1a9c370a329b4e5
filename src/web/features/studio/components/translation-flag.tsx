/**
 * "Spanish needs review" (issue 44, item 5): a text whose English changed after its Spanish was
 * last saved, in the editor (above the text's two boxes) and on the review screen.
 */
import { Badge, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  flag: { gridColumn: '1 / -1', justifySelf: 'start', maxWidth: '100%', whiteSpace: 'normal' },
});

export function SpanishNeedsReview() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Badge
      className={styles.flag}
      appearance="tint"
      color="warning"
      size="large"
      shape="rounded"
      data-testid="spanish-needs-review"
    >
      {t('studio.translations.flag')}
    </Badge>
  );
}
