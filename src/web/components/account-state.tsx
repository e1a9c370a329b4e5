import {
  Badge,
  Body1,
  Button,
  makeStyles,
  mergeClasses,
  tokens,
  useRestoreFocusTarget,
  type BadgeProps,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { EndOfPathNotice } from '@/generated/types/api/payment-settings';
import {
  DATE_FACTS,
  MONEY_FACTS,
  accountBadges,
  type AccountStateFacts,
  type UrgentState,
} from '../../domain/account-state';
import { formatUsd } from '../../domain/money';
import type { OptionGroupRules } from '../../domain/rules';
import type { LocalizedText } from '../../generated/types/api/localized-text';
import type { RuleIntent } from '@/generated/types/meta/rules';
import { interpolate } from '../../engine/form/messages';
import { localize } from '../../engine/i18n/split';
import { useLanguage } from '../hooks/use-language';
import { formatDate } from '../utils/format-date';
import { ButtonLink } from './button-link';

const useStyles = makeStyles({
  notice: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeftWidth: '6px',
    borderLeftStyle: 'solid',
    color: tokens.colorNeutralForeground1,
  },
  info: {
    backgroundColor: tokens.colorNeutralBackground3,
    borderLeftColor: tokens.colorBrandStroke1,
  },
  success: {
    backgroundColor: tokens.colorStatusSuccessBackground1,
    borderLeftColor: tokens.colorStatusSuccessBorderActive,
  },
  warning: {
    backgroundColor: tokens.colorStatusWarningBackground1,
    borderLeftColor: tokens.colorStatusWarningBorderActive,
  },
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground1,
    borderLeftColor: tokens.colorStatusDangerBorderActive,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  compactTitle: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  text: { margin: 0 },
  // WCAG 2.5.8 asks 24 px; the one primary action of a screen is a full 44 px touch target.
  action: { alignSelf: 'flex-start', minHeight: '44px', maxWidth: '100%' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The values a rules text may name: money and dates formatted, plus the number to call. */
export function stateValues(
  facts: AccountStateFacts,
  language: 'en' | 'es',
  phone: string,
): Record<string, string> {
  const values: Record<string, string> = { phone };
  for (const [name, value] of Object.entries(facts)) {
    if ((MONEY_FACTS as readonly string[]).includes(name) && typeof value === 'number') {
      values[name] = formatUsd(value, language);
    } else if ((DATE_FACTS as readonly string[]).includes(name) && typeof value === 'string') {
      values[name] = formatDate(value, language);
    } else if (typeof value === 'string' || typeof value === 'number') {
      values[name] = String(value);
    }
  }
  return values;
}

const BADGE_COLOR: Record<RuleIntent, BadgeProps['color']> = {
  info: 'informative',
  success: 'success',
  warning: 'warning',
  danger: 'danger',
};

/** The account's status badges (flows/rules/account-badges.json). */
export function AccountBadges({
  facts,
  rules,
}: {
  facts: AccountStateFacts;
  rules: OptionGroupRules;
}) {
  const styles = useStyles();
  const language = useLanguage();
  const badges = accountBadges(facts, rules);
  if (badges.length === 0) return null;
  return (
    <span className={styles.badges}>
      {badges.map(({ id, outcome }) => (
        <Badge
          key={id}
          appearance="tint"
          color={BADGE_COLOR[outcome.intent ?? 'info']}
          data-testid="account-badge"
          data-badge={id}
        >
          {localize(outcome.label, language)}
        </Badge>
      ))}
    </span>
  );
}

/** How the page carries out an action; an action without a handler here is not shown. */
export interface UrgentHandlers {
  /** Pay a variant (the account page asks about an existing payment first); else a link. */
  onPay?: (variant: string) => void;
  /** Opens the set-payment-method dialog; absent: a link to the account page, or nothing. */
  onSetPaymentMethod?: () => void;
  /** Where set-payment-method leads when there is no dialog (the dashboard: the account page). */
  setPaymentMethodHref?: string;
  /** The payment options page; absent: the action is not shown. */
  paymentOptionsHref?: string;
  externalPaymentUrl?: string | null;
}

/**
 * The one thing the account needs from the debtor now (flows/rules/urgent-state.json): a
 * coloured notice with its title, text and at most one action, which says what it does; below
 * it, what the screen offers there besides (`children`: the pages offered at the place urgent,
 * such as the plan changes). It is a
 * region named by its title; where several accounts' notices share a page (the dashboard), each
 * is also named by its account's heading (`accountHeadingId`), so two accounts past due by the
 * same amount are two regions a screen reader can tell apart.
 */
export function UrgentNotice({
  accountNumber,
  state,
  facts,
  phone,
  handlers,
  clientTexts,
  compact = false,
  headingLevel = 'h2',
  accountHeadingId,
  children,
}: {
  accountNumber: string;
  state: UrgentState;
  facts: AccountStateFacts;
  phone: string;
  handlers: UrgentHandlers;
  /** The client's own texts for the external-payment state (flows/clients endOfPathNotice). */
  clientTexts?: EndOfPathNotice | null;
  compact?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** The id of the heading that names the account, added to the region's name. */
  accountHeadingId?: string;
  /** Shown after the action: the links the screen offers in the notice (links, not buttons). */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const language = useLanguage();
  const restoreFocus = useRestoreFocusTarget();
  const { outcome } = state;
  const values = stateValues(facts, language, phone);
  const say = (text: LocalizedText | undefined) =>
    text ? interpolate(localize(text, language), values) : '';
  const action = outcome.action;
  const client = action?.kind === 'external-payment' ? clientTexts : null;
  const title = client ? localize(client.heading, language) : say(outcome.title);
  const text = client ? localize(client.text, language) : say(outcome.text);
  const label = client ? localize(client.linkText, language) : say(action?.label);
  const Heading = headingLevel;
  const headingId = `urgent-${accountNumber.replace(/\W/g, '-')}`;
  const common = {
    className: styles.action,
    appearance: 'primary' as const,
    'data-testid': 'urgent-action',
  };

  let button: ReactNode = null;
  if (
    action?.kind === 'pay' &&
    action.variant &&
    (facts.options as readonly string[]).includes(action.variant)
  ) {
    const variant = action.variant;
    button = handlers.onPay ? (
      <Button {...common} {...restoreFocus} onClick={() => handlers.onPay?.(variant)}>
        {label}
      </Button>
    ) : (
      <ButtonLink
        {...common}
        to={`/accounts/${encodeURIComponent(accountNumber)}/payment/${variant}`}
      >
        {label}
      </ButtonLink>
    );
  } else if (action?.kind === 'set-payment-method') {
    if (handlers.onSetPaymentMethod) {
      const open = handlers.onSetPaymentMethod;
      button = (
        <Button {...common} {...restoreFocus} onClick={open}>
          {label}
        </Button>
      );
    } else if (handlers.setPaymentMethodHref) {
      button = (
        <ButtonLink {...common} to={handlers.setPaymentMethodHref}>
          {label}
        </ButtonLink>
      );
    }
  } else if (action?.kind === 'payment-options' && handlers.paymentOptionsHref) {
    button = (
      <ButtonLink {...common} to={handlers.paymentOptionsHref}>
        {label}
      </ButtonLink>
    );
  } else if (action?.kind === 'external-payment') {
    const href = client?.paymentUrl ?? handlers.externalPaymentUrl;
    if (href) {
      button = (
        <Button {...common} as="a" href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </Button>
      );
    }
  } else if (action?.kind === 'call' && phone) {
    button = (
      <Button {...common} as="a" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
        {label}
      </Button>
    );
  }

  return (
    <section
      className={mergeClasses(styles.notice, styles[outcome.intent ?? 'info'])}
      aria-labelledby={accountHeadingId ? `${headingId} ${accountHeadingId}` : headingId}
      data-testid="urgent-state"
      data-state={state.id}
      data-intent={outcome.intent ?? 'info'}
    >
      <Heading
        id={headingId}
        className={mergeClasses(styles.title, compact && styles.compactTitle)}
      >
        {title}
      </Heading>
      {text && (
        <Body1 as="p" className={styles.text}>
          {text}
        </Body1>
      )}
      {button}
      {children}
    </section>
  );
}
