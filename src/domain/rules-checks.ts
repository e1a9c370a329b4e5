/**
 * The domain's own checks of each flows/rules file, by file name without `.json`, for
 * `npm run check:config` (run after the meta-schema check).
 */
import { checkAccountBadgeRules, checkUrgentStateRules } from './account-state';
import { checkPaymentOptionRules, type RulesCheckContext } from './payment-options';
import type { RulesFile } from './rules';
import { checkScheduleStatusRules } from './schedule-status';
import { checkSuggestedOptionRules } from './suggested-option';

export type { RulesCheckContext };

/** Each check gets the file and what it needs from the other flows files (the journey's variants). */
export const RULES_CHECKS: Readonly<
  Record<string, (file: RulesFile, context: RulesCheckContext) => string[]>
> = {
  'payment-options': checkPaymentOptionRules,
  'schedule-status': checkScheduleStatusRules,
  'urgent-state': checkUrgentStateRules,
  'account-badges': checkAccountBadgeRules,
  'suggested-option': checkSuggestedOptionRules,
};
