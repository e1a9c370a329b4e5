import type { ReactNode } from 'react';
import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { Panel } from '@/web/components/panel';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { margin: 0 },
});

/** A titled region of the account page (its h2 names the region). */
export function SectionPanel({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Panel
      className={styles.panel}
      role="region"
      aria-labelledby={`${id}-heading`}
      data-testid={id}
    >
      <Subtitle1 as="h2" id={`${id}-heading`} className={styles.heading}>
        {title}
      </Subtitle1>
      {children}
    </Panel>
  );
}
