/**
 * API shapes of the spec's section 3 entities that business rules read. Money is in dollars (as
 * in the API bodies); calendar dates are `YYYY-MM-DD`, instants ISO 8601 date-times. The shapes
 * are the types generated from schemas/api (src/generated/types); the domain only widens what
 * it tolerates beyond them (see ArrangementSummary and Account).
 */
import type {
  Account as ApiAccount,
  ArrangementSummary as ApiArrangementSummary,
  ArrangementSummaryPayment as ApiArrangementSummaryPayment,
} from '../generated/types/api/account';
import type {
  AccountWithDebtor as ApiAccountWithDebtor,
  Arrangement,
  ArrangementDetail,
  Transaction,
} from '../generated/types/api/account-with-debtor';
import type { CommunicationPref, Debtor, DebtorPhone } from '../generated/types/api/debtor';

export type { Arrangement, ArrangementDetail, CommunicationPref, Debtor, DebtorPhone, Transaction };

/** Arrangement types. */
export type ArrangementType = Arrangement['type'];

/** Payment status values sent by the server for an arrangement detail or scheduled payment. */
export type PaymentStatus = ArrangementDetail['status'];

export type TransactionType = Transaction['type'];

/** One payment of the arrangement summary. */
export interface ArrangementSummaryPayment extends Omit<ApiArrangementSummaryPayment, 'status'> {
  /**
   * Not in the spec's list of summary fields (this server always sends it). When absent, the
   * status of the arrangement detail with the same id is used, else `PostDate` (a scheduled
   * payment).
   */
  status?: PaymentStatus;
}

/** `Account.currentArrangementSummary`. */
export interface ArrangementSummary extends Omit<ApiArrangementSummary, 'payments'> {
  payments: ArrangementSummaryPayment[];
  /**
   * Whether this arrangement allows paying its remaining balance online (not sent in the
   * summary: added from the arrangement's own flag for the payment-options rules). When absent,
   * it is allowed when `totalLeft > 0`.
   */
  allowRemaining?: boolean;
}

/** Fields of the API's Account that the domain does not need to be present. */
type OptionalAccountFields =
  | 'clientId'
  | 'lastUpdateDate'
  | 'lastViewableDate'
  | 'bankruptcyReported'
  | 'showEndOfPathNotice'
  | 'externalPaymentUrl';

/** Fields the spec allows a server to leave out (null); this server always sends them. */
type NullableAccountFields = 'outstandingBalance' | 'remainingBalance' | 'statusCode';

/**
 * The API's Account, with the summary above, a few fields the rules never read made optional
 * (so a caller may build one from less than a full API answer), and the spec's nullable ones.
 */
export interface Account
  extends
    Omit<ApiAccount, 'currentArrangementSummary' | OptionalAccountFields | NullableAccountFields>,
    Partial<Pick<ApiAccount, OptionalAccountFields>> {
  currentArrangementSummary: ArrangementSummary | null;
  outstandingBalance: number | null;
  /** The balance left to pay; the domain uses the balance when it is not sent. */
  remainingBalance: number | null;
  statusCode: string | null;
}

export interface AccountWithDebtor extends Omit<ApiAccountWithDebtor, 'account'> {
  account: Account;
}

/**
 * A scheduled payment as the domain sees it, whether it came from the arrangement summary or from
 * an arrangement's details.
 */
export interface ScheduledPayment {
  id: number;
  amount: number;
  /** `YYYY-MM-DD` */
  date: string;
  status: PaymentStatus;
  hasAttachedFunding: boolean;
  isPendingPost: boolean;
}

/** The arrangement whose payments the account page shows (see activeArrangement()). */
export interface ActiveArrangement {
  id: number;
  type: ArrangementType;
  amount: number;
  /** Whether its remaining balance may be paid online (see ArrangementSummary.allowRemaining). */
  allowRemaining: boolean;
  /** Sorted by date, then id. */
  payments: ScheduledPayment[];
}
