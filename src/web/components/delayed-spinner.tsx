import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySpinner } from '../../engine/form/theme/lazy-spinner';

/**
 * A spinner that appears only when loading takes longer than 250 ms (spec: loading bar delay).
 * While it is mounted the page counts as waiting for its data: its `data-page-pending` marker
 * hides the footer (styles/global.css).
 */
export function DelayedSpinner({ delayMs = 250 }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return (
    <div data-page-pending="">
      {visible && <LazySpinner label={t('common.loading')} size="medium" />}
    </div>
  );
}
