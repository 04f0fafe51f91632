import type { Context } from '../context';
import { CatalogueService } from './catalogue';
import { ConsentService } from './consents';
import { CreditService } from './credit';
import { Ledger } from './ledger';
import { LoanService } from './loans';
import { LoginAttempts } from './login-attempts';
import { NewsService } from './news';
import { PaymentService } from './payments';
import { PortfolioService } from './portfolio';
import { OutboxSmsProvider, SmsService, type SmsProvider } from './sms';
import { TokenService } from './tokens';
import { AliyunSmsProvider } from '../providers/aliyun-sms';
import { AlipayGateway } from '../providers/alipay';
import { SandboxGateway } from '../providers/gateway';
import { UploadService } from './uploads';
import type { FileStorage } from '../storage/file-storage';
import { UserService } from './users';
import { SmsRecords } from '../repositories/sms';
import { VoucherService } from './vouchers';
import { ReminderService } from './reminders';
import { accountEffects, OperatorAccounts } from './operator-accounts';
import { OperatorService } from './operators';
import { AuditService } from './audit';
import { ApprovalService } from './approvals';
import { approvalEffects, BackOffice } from './back-office';
import { Reconciliation } from './reconciliation';
import { DailyReports } from './daily-report';
import { StaffService } from './staff';
import { Exports } from './exports';
import { DataExport } from './data-export';
import { AccountClosing } from './account-closing';
import { Retention } from './retention';
import { AutopayService } from './autopay';
import { TelemetryIngest } from './telemetry/ingest';
import { TelemetryFigures } from './telemetry/figures';
import { ReleaseService } from './releases/service';
import { configStoreOf } from './releases/config-store';

export interface Services {
  tokens: TokenService;
  users: UserService;
  consents: ConsentService;
  sms: SmsService;
  /** The development outbox, when codes go there (SMS_PROVIDER=outbox). */
  outbox: OutboxSmsProvider | null;
  catalogue: CatalogueService;
  ledger: Ledger;
  credit: CreditService;
  loans: LoanService;
  /** Totals across a borrower's loans. */
  portfolio: PortfolioService;
  payments: PaymentService;
  vouchers: VoucherService;
  uploads: UploadService;
  news: NewsService;
  reminders: ReminderService;
  operators: OperatorService;
  audit: AuditService;
  approvals: ApprovalService;
  backOffice: BackOffice;
  staff: StaffService;
  /** The console's CSV exports. */
  exports: Exports;
  reconciliation: Reconciliation;
  /** Operators' accounts as admins manage them in the console. */
  operatorAccounts: OperatorAccounts;
  /** A day's money across all loans. */
  reports: DailyReports;
  /** "My data": everything held about a borrower, as one archive. */
  dataExport: DataExport;
  /** A borrower closing their account. */
  closing: AccountClosing;
  /** Closed accounts erased once their records have been kept for RETENTION_YEARS. */
  retention: Retention;
  /** Automatic repayment: withholding agreements and the due-date charge. */
  autopay: AutopayService;
  /** What borrowers' browsers report of the remotes' releases (POST /api/telemetry). */
  telemetry: TelemetryIngest;
  /** The remotes' releases: the hosts' config, its history, the canary's automatic abort. */
  releases: ReleaseService;
}

export function createServices(ctx: Context, storage: FileStorage): Services {
  const outbox = ctx.config.smsProvider === 'outbox' ? new OutboxSmsProvider(new SmsRecords(ctx.store), ctx.now) : null;
  const provider: SmsProvider = outbox ?? new AliyunSmsProvider(ctx.config.aliyun!, ctx.log);
  const tokens = new TokenService(ctx);
  const sms = new SmsService(ctx, provider);
  const catalogue = new CatalogueService(ctx.store);
  const ledger = new Ledger(ctx);
  const credit = new CreditService(ctx);
  const consents = new ConsentService(ctx);
  const loans = new LoanService(ctx, catalogue, ledger, credit, consents);
  const gateway = ctx.config.paymentProvider === 'alipay' ? new AlipayGateway(ctx.config.alipay!, ctx.log) : new SandboxGateway();
  const payments = new PaymentService(ctx, loans, ledger, catalogue, gateway);
  const uploads = new UploadService(ctx, storage);
  const attempts = new LoginAttempts(ctx);
  const vouchers = new VoucherService(ctx, loans, ledger, uploads);
  const audit = new AuditService(ctx);
  const reconciliation = new Reconciliation(ctx, gateway, loans, ledger, audit);
  const operators = new OperatorService(ctx, attempts);
  // An approved TOTP renewal asks for its confirmation through the accounts, made below with the approvals.
  const approvals: ApprovalService = new ApprovalService(
    ctx,
    approvalEffects(
      loans,
      vouchers,
      reconciliation,
      accountEffects(operators, () => operatorAccounts),
    ),
  );
  const operatorAccounts: OperatorAccounts = new OperatorAccounts(ctx, operators, approvals);
  const staff = new StaffService(ctx, ledger, credit, approvals, audit, uploads);
  const reminders = new ReminderService(ctx, ledger, provider);
  const releases = new ReleaseService(ctx, audit, new TelemetryFigures(ctx.store), configStoreOf(ctx.config, storage));
  return {
    tokens,
    users: new UserService(ctx, tokens, sms, attempts, consents),
    consents,
    sms,
    outbox,
    catalogue,
    ledger,
    credit,
    loans,
    portfolio: new PortfolioService(ctx, loans, ledger),
    payments,
    vouchers,
    uploads,
    news: new NewsService(ctx),
    reminders,
    operators,
    operatorAccounts,
    audit,
    approvals,
    backOffice: new BackOffice(loans, vouchers, approvals, reconciliation),
    staff,
    exports: new Exports(ctx, staff, audit),
    reconciliation,
    reports: new DailyReports(ctx),
    dataExport: new DataExport(ctx, uploads, audit),
    closing: new AccountClosing(ctx, sms, uploads, audit),
    retention: new Retention(ctx, uploads, audit),
    autopay: new AutopayService(ctx, loans, ledger, payments, reminders),
    // After each batch, a canary whose reports it carried is judged by the abort rule.
    telemetry: new TelemetryIngest(ctx, { afterIngest: (touched) => releases.checkCanaries(touched) }),
    releases,
  };
}
