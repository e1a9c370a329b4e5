import { useCallback } from 'react';
import {
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useToastController,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const TOASTER_ID = 'portal-toaster';

/** The one place toasts appear; mounted once by the app providers. */
export function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur />;
}

export interface Notice {
  intent: 'success' | 'error' | 'info' | 'warning';
  /** Text keys (flows/texts); values fill {{placeholders}}. */
  titleKey: string;
  bodyKey?: string;
  values?: Record<string, string | number>;
}

/** Shows a toast (spec: success and error toasts) whose texts follow the current language. */
export function useNotify(): (notice: Notice) => void {
  const { t } = useTranslation();
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    ({ intent, titleKey, bodyKey, values }: Notice) => {
      dispatchToast(
        <Toast>
          <ToastTitle>{t(titleKey, values)}</ToastTitle>
          {bodyKey && <ToastBody>{t(bodyKey, values)}</ToastBody>}
        </Toast>,
        { intent, politeness: intent === 'error' ? 'assertive' : 'polite' },
      );
    },
    [dispatchToast, t],
  );
}
