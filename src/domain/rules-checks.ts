/**
 * The domain's own checks of each flows/rules file, by file name without `.json`, for
 * `npm run check:config` (run after the meta-schema check).
 */
import { checkPaymentOptionRules } from './payment-options';
import type { RulesFile } from './rules';
import { checkScheduleStatusRules } from './schedule-status';

export const RULES_CHECKS: Readonly<Record<string, (file: RulesFile) => string[]>> = {
  'payment-options': checkPaymentOptionRules,
  'schedule-status': checkScheduleStatusRules,
};
