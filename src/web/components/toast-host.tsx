import { useEffect, useState } from 'react';
import {
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useToastController,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { subscribeToNotices, takeNotices } from './notify';

const TOASTER_ID = 'portal-toaster';

/** The toaster and the dispatcher of queued notices (see notify.tsx; loaded at the first toast). */
export default function ToastHost() {
  const { t } = useTranslation();
  const { dispatchToast } = useToastController(TOASTER_ID);
  // Toasts are portalled into a labelled region (a landmark, like all page content), a child of
  // the body as Fluent's own portals are, outside the app root that an open dialog hides.
  const [region, setRegion] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const section = document.createElement('section');
    section.dataset.testid = 'notifications';
    document.body.appendChild(section);
    setRegion(section);
    return () => section.remove();
  }, []);
  const label = t('layout.notifications');
  useEffect(() => region?.setAttribute('aria-label', label), [region, label]);

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

  if (!region) return null;
  return (
    <Toaster
      toasterId={TOASTER_ID}
      mountNode={region}
      position="top-end"
      pauseOnHover
      pauseOnWindowBlur
    />
  );
}
