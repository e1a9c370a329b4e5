/**
 * What the Activity screens share (issue 42, item 4): the links between its two parts (events,
 * webhooks) and the refusal a role without access gets at their address.
 */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StudioHeading } from './parts';
import { ScreenParts } from './screen-parts';

/** The two parts of the Activity screen, the current one marked. */
export function ActivityParts() {
  const { t } = useTranslation();
  return (
    <ScreenParts
      label={t('studio.activity.sections')}
      parts={[
        { to: '/studio/activity', label: t('studio.activity.eventsTab') },
        { to: '/studio/activity/webhooks', label: t('studio.activity.webhooksTab') },
      ]}
    />
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
