/**
 * The otpauth link of a new TOTP secret as a QR code, for an authenticator app's camera (the
 * setup key and link stay beside it for those who type or paste). Drawn in the browser by the
 * `qrcode` package, loaded only here, as an SVG image of a fixed size: nothing moves when it
 * arrives. The secret never leaves the page.
 */
import { useEffect, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** The image's side in CSS pixels (a phone camera reads it from about 20 cm). */
export const QR_SIZE = 192;

const useStyles = makeStyles({
  frame: {
    width: `${QR_SIZE}px`,
    height: `${QR_SIZE}px`,
    backgroundColor: '#ffffff',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  image: { display: 'block', width: '100%', height: '100%' },
});

export function TotpQr({ uri }: { uri: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSvg(null);
    void import('qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (live) setSvg(drawn);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className={styles.frame}>
      {svg ? (
        <img
          className={styles.image}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('studio.join.qrAlt')}
          data-testid="studio-totp-qr"
        />
      ) : null}
    </div>
  );
}
