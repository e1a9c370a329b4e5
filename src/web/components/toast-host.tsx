import { useEffect, useState } from 'react';
import {
  Portal,
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useToastController,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { HEADER_HEIGHT } from '../styles/layout';
import { subscribeToNotices, takeNotices } from './notify';

const TOASTER_ID = 'portal-toaster';

/** The toaster and the dispatcher of queued notices (see notify.tsx; loaded at the first toast). */
export default function ToastHost() {
  const { t } = useTranslation();
  const { dispatchToast } = useToastController(TOASTER_ID);
  // Toasts are portalled into a labelled region (a landmark, like all page content). The region
  // sits in a Fluent portal, so it carries the theme (tokens, font) as menus and dialogs do, and is
  // a child of the body, outside the app root that an open dialog hides.
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const label = t('layout.notifications');

  useEffect(() => {
    if (!region) return;
    const show = () => {
      for (const { intent, titleKey, bodyKey, values } of takeNotices()) {
        dispatchToast(
          <Toast>
            <ToastTitle>{t(titleKey, values)}</ToastTitle>
            {bodyKey && <ToastBody>{t(bodyKey, values)}</ToastBody>}
          </Toast>,
          { intent, politeness: intent === 'error' ? 'assertive' : 'polite' },
        );
      }
    };
    // The Toaster below registers its listener in its own effect, which runs before this one.
    show();
    return subscribeToNotices(show);
  }, [dispatchToast, t, region]);

  return (
    <Portal>
      <section ref={setRegion} aria-label={label} data-testid="notifications">
        {region && (
          <Toaster
            toasterId={TOASTER_ID}
            mountNode={region}
            position="top-end"
            // Below the header, so a toast never hides its actions (Log out, the language).
            offset={{ vertical: HEADER_HEIGHT + 8 }}
            pauseOnHover
            pauseOnWindowBlur
          />
        )}
      </section>
    </Portal>
  );
}
