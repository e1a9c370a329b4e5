import { useEffect, useState, useSyncExternalStore } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { portalConfig } from '@/web/lib/config';
import { forgetSignOutReason, signOutReason } from '@/web/lib/session';
import { signedOutMessage } from '../utils/signed-out-message';

const useStyles = makeStyles({
  // The look of Fluent's warning MessageBar, without its code on the sign-in page's first load.
  message: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteDarkOrangeBorder1}`,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteDarkOrangeBorder2}`,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    overflowWrap: 'anywhere',
  },
});

/** Nothing announces a change: the reason is read once, when the page is arrived at. */
const unchanging = () => () => undefined;
/** The server draws the page for anyone: with no session behind it, so with nothing to say. */
const nothingOnServer = () => null;

/**
 * Why the last session ended (src/web/lib/session.ts `rememberSignOutReason`: the server refused
 * its renewal, or the browser's idle logout), said once: read on arrival and forgotten, so a
 * reload of the page does not say it again. Announced as it appears (role alert). A page the
 * server drew is taken over as it was drawn, without it, and shows it right after.
 */
export function SignedOutNotice() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [arrivedWith] = useState(signOutReason);
  const reason = useSyncExternalStore(unchanging, () => arrivedWith, nothingOnServer);
  useEffect(() => {
    if (arrivedWith) forgetSignOutReason();
  }, [arrivedWith]);
  if (!reason) return null;
  const { key, values } = signedOutMessage(reason, i18n.language, portalConfig().session);
  return (
    <div role="alert" className={styles.message} data-testid="signed-out-notice">
      {t(key, values)}
    </div>
  );
}
