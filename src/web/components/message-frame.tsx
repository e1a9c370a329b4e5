/**
 * A message as a debtor sees it (issue 43): an e-mail's HTML in a sandboxed frame (no scripts, no
 * same origin, no forms: `sandbox=""`) at a desktop or a phone width, its plain-text part, and a
 * text message. Used by the studio's preview and evidence and by My documents.
 */
import { makeStyles, tokens } from '@fluentui/react-components';

/** The widths a message is shown at: the e-mail's 600 px column with margins, and a phone. */
export const MESSAGE_WIDTHS = { desktop: 680, phone: 375 } as const;
export type MessageWidth = keyof typeof MESSAGE_WIDTHS;

const useStyles = makeStyles({
  frameBox: { maxWidth: '100%', overflowX: 'auto' },
  frame: {
    display: 'block',
    boxSizing: 'border-box',
    height: '640px',
    maxWidth: '100%',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: '#ffffff',
  },
  text: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    maxWidth: '72ch',
  },
  sms: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    margin: 0,
    maxWidth: '320px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: '18px',
    backgroundColor: tokens.colorNeutralBackground3,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
});

/** An e-mail's HTML, sandboxed, at a width (the frame's title names it for screen readers). */
export function EmailFrame({
  html,
  title,
  width,
  testId,
}: {
  html: string;
  title: string;
  width: MessageWidth;
  testId?: string;
}) {
  const styles = useStyles();
  return (
    <div className={styles.frameBox}>
      <iframe
        className={styles.frame}
        style={{ width: `${MESSAGE_WIDTHS[width]}px` }}
        sandbox=""
        srcDoc={html}
        title={title}
        data-testid={testId}
        data-width={width}
      />
    </div>
  );
}

/** A plain-text part, as written. */
export function PlainText({ text, testId }: { text: string; testId?: string }) {
  return (
    <pre className={useStyles().text} data-testid={testId}>
      {text}
    </pre>
  );
}

/** A text message, as a bubble. */
export function SmsBubble({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className={useStyles().sms} data-testid={testId}>
      {text}
    </p>
  );
}
