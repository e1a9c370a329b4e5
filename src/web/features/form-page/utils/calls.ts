/**
 * The named API calls page files (flows/pages, `submit.call`) submit their forms to: each is the
 * mutation hook of src/web/api that sends the data (and does what follows a success there: the
 * analytics event, the cached reads it makes stale, a kept document).
 */
import { useSubmitBankruptcy } from '@/web/api/bankruptcy-submit';
import { useContactUs } from '@/web/api/contact-us-submit';
import { useSetCommunicationPreferences } from '@/web/api/contact-information-preferences';
import { useUpdateDebtorDetails } from '@/web/api/contact-information-update';
import { useSubmitDispute } from '@/web/api/dispute-submit';
import { useRecordForm } from '@/web/api/form-record';
import { usePlanChangeAction } from '@/web/api/plan-changes';
import type { SubmitCallName } from './names';

/** A submit call as the page sees it: send the data, then one callback or the other. */
export interface SubmitCall {
  pending: boolean;
  send: (
    data: Record<string, unknown>,
    handlers: { onSuccess: (result: unknown) => void; onError: (error: unknown) => void },
  ) => void;
}

function call<Result>(mutation: {
  isPending: boolean;
  mutate: (
    data: Record<string, unknown>,
    options: { onSuccess: (result: Result) => void; onError: (error: unknown) => void },
  ) => void;
}): SubmitCall {
  return {
    pending: mutation.isPending,
    send: (data, { onSuccess, onError }) =>
      mutation.mutate(data, { onSuccess: (result) => onSuccess(result), onError }),
  };
}

/** Each call's hook, given the name of the form it sends (only recordForm needs it). */
export const SUBMIT_CALL_HOOKS: Record<SubmitCallName, (form: string) => SubmitCall> = {
  /** Account/SubmitBankruptcy. */
  submitBankruptcy: function useBankruptcyCall() {
    return call(useSubmitBankruptcy());
  },
  /** Account/SubmitDispute (result: confirmation; its PDF is kept for the account page). */
  submitDispute: function useDisputeCall() {
    return call(useSubmitDispute());
  },
  /** Guest/ContactUs (result: confirmation). */
  contactUs: function useContactUsCall() {
    return call(useContactUs());
  },
  /** Account/UpdateDebtorDetails. */
  updateDebtorDetails: function useUpdateDebtorDetailsCall() {
    return call(useUpdateDebtorDetails());
  },
  /** Debtor/SetCommunicationPreferences. */
  setCommunicationPreferences: function useSetCommunicationPreferencesCall() {
    return call(useSetCommunicationPreferences());
  },
  /** Forms/Record: the form's data kept on the server (result: the record, its confirmation). */
  recordForm: function useRecordFormCall(form: string) {
    return call(useRecordForm(form));
  },
  /** Account/CancelPlan, exactly once (result: the plan change's confirmation). */
  cancelPlan: function useCancelPlanCall() {
    return call(usePlanChangeAction('cancelPlan'));
  },
  /** Account/ChangePaymentDay, exactly once. */
  changePaymentDay: function useChangePaymentDayCall() {
    return call(usePlanChangeAction('changePaymentDay'));
  },
  /** Account/ChangePlan, exactly once. */
  changePlan: function useChangePlanCall() {
    return call(usePlanChangeAction('changePlan'));
  },
};
