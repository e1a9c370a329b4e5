import { Suspense, lazy, useState } from 'react';
import type { LegalDialogProps } from './legal-dialog';
import { useRestoreFocus } from './restore-focus';

// The legal texts are read rarely: their dialog is fetched the first time one opens.
const LegalDialog = lazy(() => import('./legal-dialog'));

/** A legal text of flows/content in a modal dialog; the dialog's code loads on first open. */
export function LegalModal(props: LegalDialogProps) {
  const [used, setUsed] = useState(props.open);
  useRestoreFocus(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LegalDialog {...props} />
    </Suspense>
  );
}

/** The e-sign authorization (electronic signature consent) as a modal, for any screen to open. */
export function ESignDialog(props: Omit<LegalDialogProps, 'document'>) {
  return <LegalModal document="e-sign" {...props} />;
}
