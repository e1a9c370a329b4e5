/**
 * API shapes of the spec's section 3 entities that business rules read. Money is in dollars (as
 * in the API bodies); calendar dates are `YYYY-MM-DD`, instants ISO 8601 date-times. The JSON
 * Schemas in schemas/api describe the same shapes with the same names.
 */

/** Arrangement types. */
export type ArrangementType = 'PIF' | 'SIF' | 'PPA' | 'LET';

/** Payment status values sent by the server for an arrangement detail or scheduled payment. */
export type PaymentStatus = 'PostDate' | 'Approved' | 'Paid' | 'Rejected' | 'Canceled';

/** One payment of the arrangement summary. */
export interface ArrangementSummaryPayment {
  id: number;
  amount: number;
  /** `YYYY-MM-DD` */
  date: string;
  hasAttachedFunding: boolean;
  isPendingPost: boolean;
  /**
   * Not in the spec's list of summary fields: the server may send it. When absent, the status of
   * the arrangement detail with the same id is used, else `PostDate` (a scheduled payment).
   */
  status?: PaymentStatus;
}

/** `Account.currentArrangementSummary`. */
export interface ArrangementSummary {
  id: number;
  type: ArrangementType;
  /** Amount of the arrangement (for SIF and LET, the settlement amount). */
  amount: number;
  /** `YYYY-MM-DD` of the next payment. */
  date: string | null;
  paymentsLeft: number;
  totalLeft: number;
  payments: ArrangementSummaryPayment[];
  /**
   * Whether this arrangement allows paying its remaining balance online (not in the spec's field
   * list; added for the payment-options rules). When absent, it is allowed when `totalLeft > 0`.
   */
  allowRemaining?: boolean;
}

/** One payment of an arrangement. */
export interface ArrangementDetail {
  id: number;
  /** `YYYY-MM-DD` */
  payDate: string;
  amount: number;
  status: PaymentStatus;
  /** Sent to the payment processor. */
  submitted: boolean;
  confirmation: string | null;
  approved: boolean;
  /** Posted to the account. */
  satisfied: boolean;
  /** ISO 8601 date-time. */
  created: string;
  /** Description of the attached funding method (for example 'Visa ...1234'); null when none. */
  paidWith: string | null;
  isElectronic: boolean;
}

export interface Arrangement {
  id: number;
  type: ArrangementType;
  amount: number;
  active: boolean;
  beginBalance: number;
  paid: number;
  remaining: number;
  details: ArrangementDetail[];
  /** ISO 8601 date-time. */
  created: string;
  remainingNonElectronic: number;
}

export interface Account {
  accountNumber: string;
  /** The creditor's reference for the account (masked for display, see masking.ts). */
  clientAccount: string | null;
  balance: number;
  creditorName: string | null;
  originalCreditorName: string | null;
  merchantName: string | null;
  creditorNameComment: string | null;
  originalBalance: number;
  outstandingBalance: number | null;
  remainingBalance: number | null;
  settlementBalance: number | null;
  /** The balance that applies after `newBalanceDate`. */
  newBalance: number | null;
  newBalanceDate: string | null;
  totalPaid: number;
  hasActiveArrangement: boolean;
  currentArrangementSummary: ArrangementSummary | null;
  dateOfReferral: string | null;
  dateOfLastPay: string | null;
  supportPhoneNumber: string | null;
  isInterestBearing: boolean;
  hasSettlementOffers: boolean;
  isClosed: boolean;
  isSif: boolean;
  isPif: boolean;
  statusCode: string | null;
  isPaymentPendingPost: boolean;
  minimumPaymentDue: number | null;
  stabilizationAmount: number | null;
  showBringAccountCurrentText: boolean;
  showLastWorkableDisclosure: boolean;
  /** PCO account: its own payment option groups apply (spec section 4). */
  isPco: boolean;
  allowPcoMinPay: boolean;
  saveDate: string | null;
  /** End of process: read-only account. */
  isEop: boolean;
  statementDate: string | null;
  /** Closed accounts: last update, and last day the account is shown (45 days later). */
  lastUpdateDate?: string | null;
  lastViewableDate?: string | null;
  bankruptcyReported?: boolean;
  /** End-of-path notice (one client), with its external payment link. */
  showEndOfPathNotice?: boolean;
  externalPaymentLink?: string | null;
}

export type TransactionType =
  | 'Unknown'
  | 'Adjustment'
  | 'CreditCard'
  | 'Cash'
  | 'Check'
  | 'Direct'
  | 'MoneyOrder'
  | 'NonSufficientFunds'
  | 'Phone'
  | 'PrintedCheck'
  | 'IvrCredit'
  | 'IvrPhone'
  | 'WebCredit'
  | 'WebPhone';

export interface Transaction {
  /** Received date. */
  date: string;
  amount: number;
  type: TransactionType;
  autoOrManual: string | null;
  source: string | null;
  confirmationCode: string | null;
  isPending: boolean;
  totalPayment: number | null;
  additionalTransactions: Transaction[];
}

export interface DebtorPhone {
  phoneNumber: string;
  type: string | null;
}

export interface CommunicationPref {
  type: 'email' | 'SMS' | 'letter';
  preferred: boolean;
  enabled: boolean;
}

export interface Debtor {
  /** Empty or null for a business. */
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  email: string | null;
  phones: DebtorPhone[];
  communicationPrefs: CommunicationPref[];
  allowSms: boolean;
  allowEmail: boolean;
}

export interface AccountWithDebtor {
  account: Account;
  debtor: Debtor;
  transactions: Transaction[];
  arrangements: Arrangement[];
  allowSms: boolean;
  allowEmail: boolean;
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
