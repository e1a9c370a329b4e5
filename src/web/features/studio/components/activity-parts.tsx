/**
 * What the Activity screens share (issue 42, item 4): the links between its two parts (events,
 * webhooks) and the refusal a role without access gets at their address.
 */
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler, useLocation } from 'react-router-dom';
import { StudioHeading } from './parts';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
});

function PartLink({ to, label }: { to: string; label: string }) {
  const { pathname } = useLocation();
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  const current = pathname === to;
  return (
    <li>
      <Button
        as="a"
        href={href}
        onClick={onClick}
        appearance={current ? 'primary' : 'secondary'}
        aria-current={current ? 'page' : undefined}
      >
        {label}
      </Button>
    </li>
  );
}

/** The two parts of the Activity screen, the current one marked. */
export function ActivityParts() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <nav aria-label={t('studio.activity.sections')}>
      <ul className={styles.list}>
        <PartLink to="/studio/activity" label={t('studio.activity.eventsTab')} />
        <PartLink to="/studio/activity/webhooks" label={t('studio.activity.webhooksTab')} />
      </ul>
    </nav>
  );
}

/** The Activity screen for a role that may not see it (the server refuses it too: guard.ts). */
export function ActivityRefused() {
  const { t } = useTranslation();
  return (
    <>
      <StudioHeading title={t('studio.activity.title')} />
      <MessageBar intent="error" data-testid="studio-activity-refused">
        <MessageBarBody>{t('studio.activity.refused')}</MessageBarBody>
      </MessageBar>
    </>
  );
}
