import type {
  AgreementName,
  ApprovalKind,
  ApprovalStatus,
  DifferenceReason,
  DifferenceStatus,
  LoanPurpose,
  LoanStatus,
  PaymentStatus,
  RejectReasonCode,
  ReleaseChange,
  SmsEvent,
  Proof,
} from '@instalment/contract/api';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Sealed } from '../sealing/field-cipher';

export type { DifferenceReason };

/**
 * `due`: 3 days before a due date (`autopay_due` to a borrower whose agreement will charge it);
 * `overdue`: the day after it passed unpaid; `autopay_charged` and `autopay_failed`: after the
 * due amount was charged automatically, or after the last attempt to charge it failed.
 */
export type ReminderKind = 'due' | 'overdue' | 'autopay_due' | 'autopay_charged' | 'autopay_failed';

/** A withholding agreement's state: asked for, signed (charges go through it), ended by either side, or never signed. */
export type AgreementState = 'pending' | 'active' | 'ended' | 'failed';

/** What an agreement's history records: each state it moved to, and finance's pauses and resumes. */
export type AutopayEvent = AgreementState | 'paused' | 'resumed';

/**
 * A charge on an agreement: in flight (asked of Alipay, or its answer unknown and to be queried),
 * paid, failed at Alipay (to be tried again while attempts are left), or refused before it
 * reached Alipay (a cap).
 */
export type ChargeState = 'charging' | 'paid' | 'failed' | 'refused';

/**
 * The tables as the migrations leave them, for the typed query builder. Money is integer fen,
 * instants are epoch milliseconds (`*_at`) or seconds where the contract fixes seconds
 * (`createtime`, `expiretime`), due dates are calendar dates ('YYYY-MM-DD'). Flags are 0/1.
 */
export interface Tables {
  users: UsersTable;
  tokens: { token_hash: string; user_id: number; createtime: number; expiretime: number };
  sms_codes: {
    id: Generated<number>;
    mobile: string;
    event: SmsEvent;
    code_hash: string;
    createtime: number;
    expiretime: number;
    attempts: ColumnType<number, number | undefined>;
    /** open: can be used; used: consumed; burnt: too many wrong tries; replaced: a newer code was sent. */
    status: ColumnType<'open' | 'used' | 'burnt' | 'replaced', 'open' | 'used' | 'burnt' | 'replaced' | undefined>;
  };
  sms_outbox: { id: Generated<number>; mobile: string; event: SmsEvent; code: string; createtime: number };
  settings: { key: string; value: string };
  loans: LoansTable;
  instalments: InstalmentsTable;
  payments: PaymentsTable;
  payment_differences: PaymentDifferencesTable;
  uploads: {
    id: Generated<number>;
    user_id: number;
    url: string;
    mime: string;
    size: number;
    created_at: number;
    /** SHA-256 of the content, hex; null for files stored before migration 012. */
    content_hash: Defaulted<string | null>;
  };
  vouchers: ProofsTable;
  news: NewsTable;
  login_failures: { id: Generated<number>; account: string; address: string; at: number };
  chunk_sessions: { user_id: number; chunkid: string; chunkcount: number; updated_at: number };
  chunk_parts: { user_id: number; chunkid: string; chunkindex: number; size: number; file: string };
  upload_usage: { id: Generated<number>; user_id: number; bytes: number; at: number };
  rate_limits: { bucket: string; key: string; window_start: number; hits: number };
  leases: { name: string; holder: string; expires_at: number };
  /** Each key's check value (db/key-checks.ts); `index` is DATA_INDEX_KEY's, under key id ''. Null: used by rows sealed before checks were kept. */
  key_checks: { kind: 'data' | 'index'; key_id: string; check_value: string | null };
  /** Counters moved (by trigger) with every change to what they name: 'news'. */
  versions: { name: string; version: number };
  operators: {
    id: Generated<number>;
    username: string;
    /** Empty until the operator has enrolled and chosen one: nothing verifies against it. */
    password_hash: string;
    totp_secret: Sealed;
    /** The TOTP time step of the last code accepted: a code is good once. */
    totp_last_step: Defaulted<number>;
    /** Comma-separated OperatorRole values. */
    roles: string;
    disabled: Defaulted<number>;
    created_at: number;
    /** SHA-256 of the one-time enrolment code while the operator has one: they cannot log in until they enrol. */
    enrolment_hash: Defaulted<string | null>;
    enrolment_expires_at: Defaulted<number | null>;
    /** Enrolments refused for a wrong password or code: the code is void after a few. */
    enrolment_tries: Defaulted<number>;
    /** Who made the account (an admin's username, or `cli:<user>`), and who last reset its TOTP and when: null before migration 018. */
    created_by: Defaulted<string | null>;
    reset_by: Defaulted<string | null>;
    reset_at: Defaulted<number | null>;
  };
  operator_tokens: { token_hash: string; operator_id: number; created_at: number; expires_at: number };
  audit_log: {
    id: Generated<number>;
    at: number;
    operator_id: number | null;
    username: string;
    roles: string;
    action: string;
    target: string;
    /** JSON. */
    state_before: string | null;
    state_after: string | null;
    outcome: 'done' | 'refused';
    reason: string | null;
    address: string;
    /**
     * Set on a row that counts strangers' refused logins (one network, one window: see
     * AuditService.recordClaim); the only row whose `repeats` and `last_at` may change.
     */
    tally: Defaulted<string | null>;
    /** How many refusals the row stands for: 1 but on a tally. */
    repeats: Defaulted<number>;
    /** The latest refusal a tally counted (epoch ms). */
    last_at: Defaulted<number | null>;
  };
  /** A change that moves money, made by one operator and carried out only when a second approves it. */
  approvals: {
    id: Generated<number>;
    kind: ApprovalKind;
    /** What it changes: 'loan:<order_no>', 'voucher:<id>', 'user:<id>', 'setting:<key>'. */
    target: string;
    /** JSON: what the change is (the bank's reference, the new value). */
    payload: string;
    /** JSON: the state when it was asked for, for the checker to compare. */
    state_before: string | null;
    maker_id: number;
    maker_username: string;
    created_at: number;
    status: Defaulted<ApprovalStatus>;
    checker_id: Defaulted<number | null>;
    checker_username: Defaulted<string | null>;
    decided_at: Defaulted<number | null>;
    reason: Defaulted<string | null>;
  };
  reminders: {
    id: Generated<number>;
    loan_id: number;
    period: number;
    kind: ReminderKind;
    status: 'sending' | 'sent' | 'failed';
    attempts: number;
    claimed_at: number;
    sent_at: Defaulted<number | null>;
  };
  consents: { id: Generated<number>; user_id: number; document: AgreementName; version: string; agreed_at: number; address: string };
  autopay_agreements: {
    id: Generated<number>;
    user_id: number;
    /** Ours, in the sign request: Alipay's notify and query name the agreement by it. */
    external_agreement_no: string;
    /** Alipay's, from the sign notify or a query: what a charge and an unsign name. */
    agreement_no: Defaulted<string | null>;
    state: AgreementState;
    /** The version of the autopay terms the borrower confirmed. */
    consent_version: string;
    created_at: number;
    signed_at: Defaulted<number | null>;
    ended_at: Defaulted<number | null>;
    /** Since when finance paused its charges (the agreement stays signed at Alipay); null: charged as due. */
    paused_at: Defaulted<number | null>;
  };
  /** Each change of an agreement, oldest first: its state's, and finance's pauses and resumes. */
  autopay_history: {
    id: Generated<number>;
    agreement_id: number;
    event: AutopayEvent;
    /** The operator's username; null: the borrower or Alipay. */
    operator: string | null;
    at: number;
  };
  /** A remote's release changes (migration 027): its config entry before and after, as JSON. */
  release_changes: {
    id: Generated<number>;
    remote: string;
    action: ReleaseChange['action'];
    from_entry: string | null;
    to_entry: string;
    changed_by: string;
    reason: string | null;
    at: number;
  };
  /** A page view a browser reported (migration 026): who drew it and its speed (ms; CLS unitless). Kept a week. */
  telemetry_views: {
    id: Generated<number>;
    remote: string;
    release: string;
    side: 'stable' | 'canary';
    /** The route's pattern, never a URL with values. */
    route: string;
    /** 1: the device fell back from the canary to stable. */
    fallback: number;
    lcp_ms: number | null;
    inp_ms: number | null;
    cls: number | null;
    ttfb_ms: number | null;
    at: number;
  };
  /** A remote release's error, once per kind, scrubbed message and place in the code. */
  telemetry_errors: {
    id: Generated<number>;
    remote: string;
    release: string;
    fingerprint: string;
    kind: 'render' | 'load' | 'unhandled';
    message: string;
    /** `src/NewsList.tsx:42:7` through the source map, the built file's place without one; null: no frame in the release. */
    source: string | null;
    first_at: number;
  };
  /** How many of an error one batch brought, and when. */
  telemetry_error_counts: { error_id: number; count: number; at: number };
  autopay_charges: {
    id: Generated<number>;
    agreement_id: number;
    loan_id: number;
    /** The latest due date the charge pays (overdue instalments of the loan go with it). */
    due_date: string;
    attempt: number;
    out_trade_no: string;
    /** The payment the charge opened; null for one a cap refused. */
    payment_id: number | null;
    amount_fen: number;
    state: ChargeState;
    reason: Defaulted<string | null>;
    created_at: number;
    decided_at: Defaulted<number | null>;
  };
}

/** A column the database fills when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

interface UsersTable {
  id: Generated<number>;
  username: string;
  nickname: string;
  mobile: string;
  email: Defaulted<string>;
  avatar: Defaulted<string>;
  bio: Defaulted<string>;
  /** '' for users who only ever signed in by SMS: no password matches it. */
  password_hash: Defaulted<string>;
  money_fen: Defaulted<number>;
  score: Defaulted<number>;
  level: Defaulted<number>;
  createtime: number;
  /** NULL: the configured default credit line. */
  credit_limit_fen: Defaulted<number | null>;
  real_name: Defaulted<string | null>;
  id_card: Defaulted<Sealed | null>;
  /** The ID number's blind index (FieldCipher.blindIndex): one ID number, one account. */
  id_card_index: Defaulted<string | null>;
  /** The blind index of the ID number's last 4 characters (sealing/id-tail.ts): staff find a borrower by it. */
  id_card_tail_index: Defaulted<string | null>;
  /** 1: due reminders by SMS (the default); 0: turned off in "mine". */
  sms_reminders: Defaulted<number>;
  /** Moves (by trigger) with every change to the user's loans and their instalments. */
  loans_version: Defaulted<number>;
  /** When the borrower closed the account (epoch ms); NULL while it is open. */
  closed_at: Defaulted<number | null>;
  /** Since when the account holds its phone (epoch seconds, as the codes sent to it): registration or the last phone change. */
  mobile_since: number;
}

interface LoansTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  amount_fen: number;
  term: number;
  monthly_rate_bp: number;
  monthly_fee_bp: number;
  penalty_bp: number;
  grace_days: number;
  purpose: LoanPurpose;
  real_name: string;
  id_card: Sealed;
  bank_card: Sealed;
  bank_name: string;
  status: LoanStatus;
  created_at: number;
  approve_after: number | null;
  approved_at: Defaulted<number | null>;
  /** The day the money was sent: the schedule starts here. */
  disbursed_at: Defaulted<number | null>;
  /** The bank's reference of the transfer to the borrower. */
  disbursement_ref: Defaulted<string | null>;
  /** Shown to the borrower, after the words of `reject_code` in their language. */
  reject_reason: Defaulted<string | null>;
  reject_code: Defaulted<RejectReasonCode | null>;
  rejected_at: Defaulted<number | null>;
  settled_at: Defaulted<number | null>;
}

interface InstalmentsTable {
  loan_id: number;
  period: number;
  due_date: string;
  principal_fen: number;
  interest_fen: number;
  fee_fen: number;
  /** While unpaid, penalty and overdue days are computed from today; paying freezes them here. */
  paid_at: Defaulted<number | null>;
  penalty_fen: Defaulted<number>;
  overdue_days: Defaulted<number>;
  paid_interest_fen: Defaulted<number | null>;
  paid_fee_fen: Defaulted<number | null>;
  /** 'payment:<no>' or 'voucher:<id>'. */
  paid_by: Defaulted<string | null>;
}

interface PaymentsTable {
  id: Generated<number>;
  payment_no: string;
  loan_id: number;
  periods: string;
  /** 1: the payment settles the whole loan at the payoff quote. */
  payoff: number;
  amount_fen: number;
  status: PaymentStatus;
  channel: Defaulted<string | null>;
  created_at: number;
  expires_at: number;
  paid_at: Defaulted<number | null>;
  /** The gateway's number of the trade that paid it. */
  trade_no: Defaulted<string | null>;
}

interface PaymentDifferencesTable {
  id: Generated<number>;
  payment_id: number;
  loan_id: number;
  received_fen: number;
  settled_fen: number;
  reason: DifferenceReason;
  /** open: for an operator to refund or close (reconciliation). */
  status: Defaulted<DifferenceStatus>;
  created_at: number;
  resolved_at: Defaulted<number | null>;
  /** The operator who carried out the refund or closed it. */
  resolved_by: Defaulted<string | null>;
  /** Why it was closed. */
  note: Defaulted<string | null>;
  /** The refund's number at the gateway (out_request_no): one per difference. */
  refund_no: Defaulted<string | null>;
  refunded_fen: Defaulted<number | null>;
  /** What the payment's instalments cost when the money arrived; null where not known (migration 021). */
  due_fen: Defaulted<number | null>;
}

interface ProofsTable {
  id: Generated<number>;
  loan_id: number;
  periods: string;
  amount_fen: number;
  file_url: string;
  /** SHA-256 of the receipt: one receipt backs at most one live proof. */
  file_hash: string | null;
  remark: Defaulted<string>;
  status: Proof['status'];
  created_at: number;
  reviewed_at: Defaulted<number | null>;
  /** The bank's reference of the transfer, given when a proof is confirmed. */
  bank_ref: Defaulted<string | null>;
  /** Shown to the borrower. */
  reject_reason: Defaulted<string | null>;
}

/** An article's text in each language (migration 022): all three fields of a language, or none ('') of them. */
interface NewsTable {
  id: Generated<number>;
  title_zh: Defaulted<string>;
  summary_zh: Defaulted<string>;
  content_zh: Defaulted<string>;
  title_en: Defaulted<string>;
  summary_en: Defaulted<string>;
  content_en: Defaulted<string>;
  cover: string;
  author: string;
  published_at: number;
  /** Only `published` is shown in the app; an editor's draft, or an article taken down, is not. */
  status: Defaulted<'draft' | 'published' | 'unpublished'>;
}

export type UserRow = Selectable<UsersTable>;
export type LoanRow = Selectable<LoansTable>;
export type InstalmentRow = Selectable<InstalmentsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type ProofRow = Selectable<ProofsTable>;
export type NewsRow = Selectable<NewsTable>;
