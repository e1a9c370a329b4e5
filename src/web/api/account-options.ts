import type { OptionVariant } from '../../domain/payment-options';
import { accountRules, agencyToday } from '../utils/account-rules';
import { offeredOptions, plansMatter } from '../utils/account-view';
import { useAccountDetailed } from './account-detailed';
import { usePlansExist } from './plans-exist';

/**
 * The account (GET Account/Detailed) and the payment variants it offers. The plan calls are made
 * only when a plan could change the answer (see plansMatter), and then both at once.
 */
export function useAccountOptions(accountNumber: string) {
  const detailed = useAccountDetailed(accountNumber);
  const rules = accountRules();
  const today = agencyToday();
  const needsPlans = detailed.data ? plansMatter(detailed.data, today, rules) : false;
  const plans = usePlansExist(accountNumber, needsPlans);
  const options: OptionVariant[] | undefined =
    detailed.data && !plans.isPending
      ? offeredOptions(detailed.data, today, rules, plans)
      : undefined;
  return { detailed, options, plansFailed: plans.isError };
}
