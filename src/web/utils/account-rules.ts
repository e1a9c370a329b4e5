import { todayInAgencyZone } from '../../domain/dates';
import type { FirstMatchRules, OptionGroupRules } from '../../domain/rules';
import { portalConfig } from '../lib/config';
import type { AccountRules } from './account-view';

/** The account rules the server injected (flows/rules). */
export function accountRules(): AccountRules {
  const { rules } = portalConfig();
  return {
    paymentOptions: rules['payment-options'] as OptionGroupRules,
    scheduleStatus: rules['schedule-status'] as FirstMatchRules,
    urgentState: rules['urgent-state'] as FirstMatchRules,
    accountBadges: rules['account-badges'] as OptionGroupRules,
    suggestedOption: rules['suggested-option'] as FirstMatchRules,
  };
}

/**
 * Today in the agency's time zone (the server's, from the page's config), the day every rule
 * compares with: the same day the server works with.
 */
export function agencyToday(now: Date = new Date()): string {
  return todayInAgencyZone(now, portalConfig().calendar?.timeZone);
}
