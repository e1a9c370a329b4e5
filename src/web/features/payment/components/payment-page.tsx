/**
 * The payment wizard's routes (spec section 2): `/accounts/{n}/payment/{variant}` (and `/start`)
 * set the journey up and go to its first stage, `/{stage}` shows the journey at that stage, and
 * `/success` the confirmation. What the journey is, is data (flows/journeys/payment.json); this page
 * loads what it needs for the account, applies the spec's guards and hands over to the journey.
 *
 * Guards: a closed or end-of-process account (or one that is not the debtor's) goes home; a
 * variant the account does not offer goes to the option picker; a letter option that cannot be
 * paid goes back to the letter's options. Letter users reach only the letter variant (the route
 * guard sends them to sign-in for any other).
 */
import { useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useQueries, useQuery } from '@/web/lib/query-client';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { variantConfig, type PaymentVariant, type VariantConfig } from '@/domain/payment-journey';
import { withForms } from '@/engine/journey/journey';
import { accountDetailedQuery } from '@/web/api/account-detailed';
import { fundingMethodsQuery } from '@/web/api/funding-methods';
import { letterQuery } from '@/web/api/letter';
import { paymentSettingsQuery } from '@/web/api/payment-settings';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { QueryError } from '@/web/components/query-error';
import { useLanguage } from '@/web/hooks/use-language';
import { useRole } from '@/web/hooks/use-role';
import { isApiError } from '@/web/lib/api';
import { loadForm } from '@/web/lib/forms';
import { agencyToday } from '@/web/utils/account-rules';
import { plansQuery } from '@/web/api/payment-plans';
import { paymentJourney } from '@/web/lib/config';
import { buildPaymentData } from '../utils/payment-data';
import { journeyKey, loadPayment } from '../utils/payment-store';
import { PaymentJourney } from './payment-journey';
import { PaymentSuccess } from './payment-success';

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

export type PaymentPageMode = 'start' | 'stage' | 'success';

export default function PaymentPage({ mode }: { mode: PaymentPageMode }) {
  const { accountNumber = '', paymentVariant = '' } = useParams();
  const [search] = useSearchParams();
  // A variant of flows/journeys/payment.json; any other id goes to the options.
  const config = variantConfig(paymentJourney(), paymentVariant);
  if (!config) {
    return (
      <Navigate to={`/accounts/${encodeURIComponent(accountNumber)}/paymentOptions`} replace />
    );
  }
  const letterId = Number(search.get('letterId')) || undefined;
  const optionId = Number(search.get('optionId')) || undefined;
  return (
    <PaymentRoute
      mode={mode}
      accountNumber={accountNumber}
      variant={paymentVariant}
      config={config}
      letterId={letterId}
      optionId={optionId}
    />
  );
}

interface RouteProps {
  mode: PaymentPageMode;
  accountNumber: string;
  variant: PaymentVariant;
  config: VariantConfig;
  letterId: number | undefined;
  optionId: number | undefined;
}

function PaymentRoute({ mode, accountNumber, variant, config, letterId, optionId }: RouteProps) {
  const styles = useStyles();
  const { stage } = useParams();
  const { search } = useLocation();
  const successUrl = `/accounts/${encodeURIComponent(accountNumber)}/payment/${variant}/success${search}`;
  const { t } = useTranslation();
  const language = useLanguage();
  const role = useRole();
  const journey = paymentJourney();
  const stages = useMemo(() => withForms(journey.stages, config.forms), [journey, config]);
  const isAccount = role === 'account';
  const key = journeyKey({ accountNumber, variant, letterId, optionId });

  // Everything the journey needs, asked for together (no waterfall); the route loader started them.
  const detailed = useQuery({ ...accountDetailedQuery(accountNumber), enabled: isAccount });
  const settings = useQuery(paymentSettingsQuery(accountNumber));
  const methods = useQuery(fundingMethodsQuery(accountNumber));
  const plans = useQuery({
    ...plansQuery(accountNumber, config.plans ?? 'payment'),
    enabled: isAccount && config.schedule === 'plan',
  });
  const letter = useQuery({
    ...letterQuery({ accountNumber, letterId: letterId ?? 0 }),
    enabled: config.schedule === 'letter' && letterId !== undefined,
  });
  const forms = useQueries({
    queries: stages
      .filter((stage) => stage.form)
      .map((stage) => ({
        queryKey: ['form', stage.form],
        queryFn: () => loadForm(stage.form as string),
        staleTime: Infinity,
      })),
  });

  const queries: { data: unknown; isError: boolean }[] = [settings, methods, ...forms];
  if (isAccount) queries.push(detailed);
  if (isAccount && config.schedule === 'plan') queries.push(plans);
  if (config.schedule === 'letter' && letterId !== undefined) queries.push(letter);

  // Kept while only the address changes (each stage is an address): the journey's facts of the
  // account's data (payment-journey.tsx) are then worked out once, not at every stage.
  const ready = mode !== 'success' && queries.every((query) => query.data !== undefined);
  const today = agencyToday();
  const settling = loadPayment(key).attempt !== undefined;
  const built = useMemo(
    () =>
      ready
        ? buildPaymentData(
            {
              variant,
              config,
              journey,
              today,
              language,
              accountNumber,
              detailed: detailed.data,
              settings: settings.data,
              methods: methods.data ?? [],
              plans: plans.data,
              letter: letter.data,
              optionId,
            },
            t,
            settling,
          )
        : null,
    [
      ready,
      variant,
      config,
      journey,
      today,
      language,
      accountNumber,
      detailed.data,
      settings.data,
      methods.data,
      plans.data,
      letter.data,
      optionId,
      t,
      settling,
    ],
  );

  const notFound = [detailed, settings, letter].some((query) => isApiError(query.error, 404));
  if (notFound) return <Navigate to="/" replace />;
  if (config.schedule === 'letter' && letterId === undefined) return <Navigate to="/" replace />;
  if (mode !== 'success' && queries.some((query) => query.isError)) return <QueryError />;

  // A journey already paid: its stages lead to the confirmation, whatever the account offers now
  // (the browser's Back after paying must not offer to pay again).
  if (mode === 'stage' && stage !== undefined && loadPayment(key).outcome) {
    return <Navigate to={successUrl} replace state={{ focusHeading: true }} />;
  }
  if (mode === 'success') {
    return (
      <div className={styles.layout}>
        <PaymentSuccess storageKey={key} accountNumber={accountNumber} variant={variant} />
      </div>
    );
  }
  if (!built) return <DelayedSpinner />;
  if (built.kind === 'redirect') return <Navigate to={built.to} replace />;

  const compiled = Object.fromEntries(
    stages
      .filter((stage) => stage.form)
      .map((stage, index) => [stage.form as string, forms[index]?.data]),
  );
  return (
    <div className={styles.layout}>
      <PaymentJourney
        key={key}
        storageKey={key}
        mode={mode}
        data={built.data}
        stages={stages}
        forms={compiled}
        letterId={letterId}
      />
    </div>
  );
}
