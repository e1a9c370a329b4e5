import { useState, type ReactNode } from 'react';
import { Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LegalModal } from '@/web/components/legal-modal';
import type { DocumentName } from '@/web/lib/content';

const useStyles = makeStyles({ note: { margin: 0, color: tokens.colorNeutralForeground2 } });

const TAG = /<([a-z][A-Za-z0-9]*)>(.*?)<\/\1>/g;

/**
 * A line under a form whose `<name>words</name>` open the legal document `documents[name]`
 * (flows/content) in a dialog: reading the terms does not leave the form or lose its answers.
 */
export function LegalNote({
  id,
  textKey,
  documents,
}: {
  id: string;
  textKey: string;
  documents: Record<string, DocumentName>;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useState<DocumentName | null>(null);
  const text = t(textKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', words = ''] = match;
    parts.push(text.slice(last, match.index));
    const document = documents[name];
    parts.push(
      document ? (
        <Link
          key={match.index}
          as="button"
          type="button"
          inline
          aria-haspopup="dialog"
          data-testid={`${id}-${name}`}
          onClick={() => setOpen(document)}
        >
          {words}
        </Link>
      ) : (
        words
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      <Caption1 as="p" id={id} className={styles.note}>
        {parts}
      </Caption1>
      {[...new Set(Object.values(documents))].map((document) => (
        <LegalModal
          key={document}
          document={document}
          open={open === document}
          onOpenChange={(isOpen) => setOpen(isOpen ? document : null)}
        />
      ))}
    </>
  );
}
