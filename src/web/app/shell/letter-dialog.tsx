import { loadPrecompiled } from '@/engine/form/precompiled';
import * as verifyLetterModule from '@/generated/validators/verify-letter';
import { FormDialog } from '../../components/form-dialog';
import { FormError } from '../../components/form-error';
import { useLetterCheck } from '../../features/verify-letter/hooks/use-letter-check';

const verifyLetterForm = loadPrecompiled(verifyLetterModule);

interface LetterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the dialog has been told to close, with the letter options path to go to. */
  onVerified: (path: string) => void;
}

/**
 * The letter entry dialog of the navigation (spec §2 Letter screens): the verify-letter form in a
 * dialog. On success it closes first and only then navigates, so no open dialog is unmounted
 * (fluentui#35139 leaves aria-hidden on #root otherwise).
 */
export default function LetterDialog({ open, onOpenChange, onVerified }: LetterDialogProps) {
  const letter = useLetterCheck('layout.letterDialog.notFound');
  return (
    <FormDialog
      open={open}
      formId="letter-dialog"
      flow="verify-letter"
      form={verifyLetterForm}
      testId="letter-dialog"
      titleKey="layout.letterDialog.title"
      descriptionKey="layout.letterDialog.description"
      cancelKey="layout.letterDialog.cancel"
      content={{
        kind: 'form',
        outro: <FormError id="letter-dialog-error" textKey={letter.errorKey} />,
      }}
      onSubmit={(data) => letter.check(String(data.letterCode ?? ''))}
      onDone={onVerified}
      onClose={() => {
        letter.clearError();
        onOpenChange(false);
      }}
    />
  );
}
