/**
 * Build-time stand-in for `markdown-to-jsx/react`, which RJSF imports for Markdown descriptions
 * (about 25 KB gzip on every form page). Our flows hold plain text, never Markdown, so the text is
 * rendered as it is. Wired by `resolve.alias` in vite.config.ts.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
