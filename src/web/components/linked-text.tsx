import type { ReactNode } from 'react';
import { Link, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from './router-link';
import { visuallyHidden } from '@/engine/visually-hidden';

const useStyles = makeStyles({
  hidden: visuallyHidden,
});

const TAG = /<([a-z][A-Za-z0-9]*)>(.*?)<\/\1>/g;

/**
 * Text with `<name>words</name>` marks turned into links to `links[name]`: in-app paths navigate in
 * the app, https addresses open a new window (and say so), tel: and mailto: are plain links.
 */
export function LinkedText({ text, links = {} }: { text: string; links?: Record<string, string> }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', words = ''] = match;
    parts.push(text.slice(last, match.index));
    const href = links[name];
    if (!href) parts.push(words);
    else if (href.startsWith('/')) {
      parts.push(
        <RouterLink key={match.index} to={href} inline>
          {words}
        </RouterLink>,
      );
    } else {
      const external = href.startsWith('https:');
      parts.push(
        <Link
          key={match.index}
          href={href}
          inline
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {words}
          {external && <span className={styles.hidden}> {t('legal.newWindow')}</span>}
        </Link>,
      );
    }
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
