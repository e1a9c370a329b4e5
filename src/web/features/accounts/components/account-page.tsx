import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { accountStateFacts, urgentState } from '@/domain/account-state';
import { useAccountOptions } from '@/web/api/account-options';
import { hasExistingPayment } from '@/web/api/existing-payment';
import { usePaymentSettings } from '@/web/api/payment-settings';
import { AccountBadges, UrgentNotice } from '@/web/components/account-state';
import { PageOffers } from '@/web/components/page-offers';
import { useNotify } from '@/web/components/notify';
import { QueryError } from '@/web/components/query-error';
import { RouterLink } from '@/web/components/router-link';
import { isApiError } from '@/web/lib/api';
import { useDrawingFrame } from '@/web/lib/signed-in-frame';
import { paymentJourney } from '@/web/lib/config';
import { accountRules, agencyToday } from '@/web/utils/account-rules';
import {
  isModifiableOnline,
  shownArrangement,
  withArrangementFlags,
} from '@/web/utils/account-view';
import {
  firstPastDue,
  nextScheduled,
  scheduleRows,
  type ScheduleRow,
} from '../utils/schedule-rows';
import { supportPhone } from '@/web/utils/support-phone';
import { AccountNotices } from './account-notices';
import { AccountFrame, AccountSkeleton } from './account-skeleton';
import { AccountSummary } from './account-summary';
import { AdditionalActions } from './additional-actions';
import { DisputeDocument } from './dispute-document';
import { PaymentOptionsLinks } from './payment-options-links';
import { PaymentSchedule } from './payment-schedule';
import { TransactionHistory } from './transaction-history';
import { UpcomingPayments } from './upcoming-payments';

// The dialogs (and their forms) load when first opened.
// Dialogs load when first opened: the page's first load (and the dashboard's, which shares its
// chunk) carries no dialog code.
const ExistingPaymentDialog = lazy(() =>
  import('@/web/components/existing-payment-dialog').then((module) => ({
    default: module.ExistingPaymentDialog,
  })),
);
const SetPaymentMethodDialog = lazy(() => import('./set-payment-method-dialog'));
const RescheduleDialog = lazy(() => import('./reschedule-dialog'));

type OpenDialog =
  | { kind: 'payment-method'; paymentId: number }
  | { kind: 'reschedule' }
  | { kind: 'existing-payment'; to: string };

export default function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { accountNumber = '' } = useParams();
  const { detailed, options } = useAccountOptions(accountNumber);
  const settings = usePaymentSettings(accountNumber);
  // The server's frame (and the browser's take-over of it) shows the skeleton, whatever is here.
  const drawingFrame = useDrawingFrame();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // The last payment the payment-method dialog was opened for (kept while it closes).
  const [paymentId, setPaymentId] = useState<number | null>(null);
  // A dialog stays mounted once opened: it closes through `open`, never by unmounting.
  const [mounted, setMounted] = useState({
    paymentMethod: false,
    reschedule: false,
    existingPayment: false,
  });
  const openPaymentMethod = (row: ScheduleRow) => {
    setPaymentId(row.payment.id);
    setMounted((current) => ({ ...current, paymentMethod: true }));
    setDialog({ kind: 'payment-method', paymentId: row.payment.id });
  };
  const openReschedule = () => {
    setMounted((current) => ({ ...current, reschedule: true }));
    setDialog({ kind: 'reschedule' });
  };
  // A navigation waits until its dialog has closed (fluentui#35139: never unmount an open Dialog).
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useEffect(() => {
    if (leaveTo && dialog === null) void navigate(leaveTo);
  }, [leaveTo, dialog, navigate]);

  const skeleton = (
    <AccountFrame accountNumber={accountNumber}>
      <AccountSkeleton />
    </AccountFrame>
  );
  if (drawingFrame) return skeleton;
  if (isApiError(detailed.error, 404)) return <Navigate to="/" replace />;
  if (detailed.isError) return <QueryError />;
  if (!detailed.data || !options) return skeleton;

  const data = detailed.data;
  const { account } = data;
  const rules = accountRules();
  const today = agencyToday();
  const rows = scheduleRows(data, today, rules.scheduleStatus, options, paymentJourney());
  const arrangement = shownArrangement(data);
  const modifiable = arrangement ? isModifiableOnline(data) : null;
  const open = !account.isClosed && !account.isEop;
  const canModify = open && modifiable === true;
  const phone = supportPhone(
    account.supportPhoneNumber,
    settings.data?.supportPhoneNumber,
    t('account.defaultSupportPhone'),
  );
  const next = nextScheduled(rows, today);
  const facts = accountStateFacts({
    account: withArrangementFlags(data),
    arrangements: data.arrangements,
    options,
    today,
    scheduleRules: rules.scheduleStatus,
  });
  const urgent = urgentState(facts, rules.urgentState);
  const base = `/accounts/${encodeURIComponent(account.accountNumber)}`;
  // The pages offered for the plan (flows/pages `offer`): in the urgent notice and the plan
  // section. A plan that cannot be changed online has the notice with the phone number instead.
  const offerFacts = { account, arrangement, urgentState: urgent.id };

  const payNow = async (row: ScheduleRow) => {
    const to = `${base}/payment/${row.payNow}`;
    try {
      const exists = await hasExistingPayment({
        accountNumber: account.accountNumber,
        dateOfPayment: today,
        amount: row.payment.amount,
      });
      if (exists) {
        setMounted((current) => ({ ...current, existingPayment: true }));
        setDialog({ kind: 'existing-payment', to });
      } else void navigate(to);
    } catch {
      notify({ intent: 'error', titleKey: 'account.dialogs.existingPayment.error' });
    }
  };

  return (
    <AccountFrame
      accountNumber={account.accountNumber}
      header={
        <>
          <AccountBadges facts={facts} rules={rules.accountBadges} />
          <RouterLink to={`${base}/documents`} data-testid="account-documents-link">
            {t('documents.accountLink')}
          </RouterLink>
        </>
      }
    >
      <UrgentNotice
        accountNumber={account.accountNumber}
        state={urgent}
        facts={facts}
        phone={phone}
        clientTexts={account.showEndOfPathNotice === false ? null : settings.data?.endOfPathNotice}
        handlers={{
          // A scheduled payment is paid as its row would be (asking first about one taken today).
          onPay: (variant) => {
            const row = rows.find((candidate) => candidate.payNow === variant);
            if (row) void payNow(row);
            else void navigate(`${base}/payment/${variant}`);
          },
          onSetPaymentMethod: canModify && next ? () => openPaymentMethod(next) : undefined,
          paymentOptionsHref: `${base}/paymentOptions`,
          externalPaymentUrl: account.externalPaymentUrl,
        }}
      >
        {open && arrangement && (
          <PageOffers
            place="urgent"
            accountNumber={account.accountNumber}
            facts={offerFacts}
            modifiable={canModify}
          />
        )}
      </UrgentNotice>
      <DisputeDocument accountNumber={data.account.accountNumber} />
      <AccountNotices
        data={data}
        phone={phone}
        modifiable={modifiable}
        covered={urgent.outcome.coversNotices ?? []}
      />
      <AccountSummary data={data} />
      {open && arrangement && (
        <UpcomingPayments
          accountNumber={account.accountNumber}
          pastDue={firstPastDue(rows)}
          next={next}
          canModify={canModify}
          canMove={next !== null}
          onPayNow={(row) => void payNow(row)}
          onSetPaymentMethod={openPaymentMethod}
          onMoveNextPayment={openReschedule}
        >
          <PageOffers
            place="plan"
            accountNumber={account.accountNumber}
            facts={offerFacts}
            modifiable={canModify}
          />
        </UpcomingPayments>
      )}
      {open && (
        <PaymentOptionsLinks
          accountNumber={account.accountNumber}
          options={options}
          rules={rules.paymentOptions}
        />
      )}
      {rows.length > 0 && (
        <PaymentSchedule
          rows={rows}
          rules={rules.scheduleStatus}
          canModify={canModify}
          onPayNow={(row) => void payNow(row)}
          onSetPaymentMethod={openPaymentMethod}
        />
      )}
      {!account.isEop && <TransactionHistory transactions={data.transactions} />}
      {open && (
        <AdditionalActions
          accountNumber={account.accountNumber}
          bankruptcyReported={account.bankruptcyReported === true}
        />
      )}

      <Suspense fallback={null}>
        {mounted.existingPayment && (
          <ExistingPaymentDialog
            open={dialog?.kind === 'existing-payment'}
            onCancel={() => setDialog(null)}
            onContinue={() => {
              if (dialog?.kind === 'existing-payment') setLeaveTo(dialog.to);
              setDialog(null);
            }}
          />
        )}
        {mounted.paymentMethod && paymentId !== null && (
          <SetPaymentMethodDialog
            open={dialog?.kind === 'payment-method'}
            accountNumber={account.accountNumber}
            paymentId={paymentId}
            onClose={() => setDialog(null)}
          />
        )}
        {mounted.reschedule && (
          <RescheduleDialog
            open={dialog?.kind === 'reschedule'}
            accountNumber={account.accountNumber}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </AccountFrame>
  );
}
