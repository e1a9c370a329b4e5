import { useEffect } from 'react';
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

  useEffect(() => {
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
  }, [dispatchToast, t]);

  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur />;
}
