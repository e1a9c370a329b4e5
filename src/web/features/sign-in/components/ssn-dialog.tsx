import { loadPrecompiled } from '@/engine/form/precompiled';
import * as verifySsnModule from '@/generated/validators/verify-ssn';
import { FormDialog } from '@/web/components/form-dialog';

const verifySsn = loadPrecompiled(verifySsnModule);

interface SsnDialogProps {
  open: boolean;
  busy: boolean;
  onSubmit: (ssn: string) => void;
  onCancel: () => void;
}

/** 'Verify SSN': the last 4 of the SSN when the server needs a third factor (a 440 answer). */
export default function SsnDialog({ open, busy, onSubmit, onCancel }: SsnDialogProps) {
  return (
    <FormDialog
      open={open}
      formId="verify-ssn"
      form={verifySsn}
      testId="ssn-dialog"
      titleKey="sign-in.ssnDialog.title"
      descriptionKey="sign-in.ssnDialog.description"
      cancelKey="sign-in.ssnDialog.cancel"
      content={{ kind: 'form' }}
      busy={busy}
      onSubmit={(data) => {
        onSubmit(String(data.socialSecurityNumber ?? ''));
        return undefined;
      }}
      onClose={onCancel}
    />
  );
}
