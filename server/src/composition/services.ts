import type { Context } from '../runtime/context';
import { CatalogueService } from '../services/catalogue';
import { ConsentService } from '../services/consents';
import { CreditService } from '../services/credit';
import { Ledger } from '../services/ledger';
import { LoanService } from '../services/loans';
import { LoginAttempts } from '../services/login-attempts';
import { NewsService } from '../services/news';
import { PaymentService } from '../services/payments';
import { PortfolioService } from '../services/portfolio';
import { OutboxSmsProvider, SmsService } from '../services/sms';
import type { SmsProvider } from '../providers/sms';
import { TokenService } from '../services/tokens';
import { AliyunSmsProvider } from '../providers/aliyun-sms';
import { AlipayGateway } from '../providers/alipay';
import { SandboxGateway } from '../providers/gateway';
import { UploadService } from '../services/uploads';
import type { FileStorage } from '../storage/file-storage';
import { UserService } from '../services/users';
import { SmsRecords } from '../repositories/sms';
import { ProofService } from '../services/proofs';
import { ReminderService } from '../services/reminders';
import { OperatorAccounts } from '../services/operator-accounts';
import { OperatorService } from '../services/operators';
import { AuditService } from '../services/audit';
import { ApprovalService } from '../console/approvals/service';
import { approvalEffects } from '../console/approvals/effects';
import { ConsoleCommands } from '../console/approvals/console-commands';
import { ConsoleWrites } from '../console/writes';
import { Reconciliation } from '../services/reconciliation';
import { DailyReports } from '../services/daily-report';
import { ConsoleReads } from '../services/console-reads';
import { Exports } from '../services/exports';
import { DataExport } from '../services/data-export';
import { AccountClosing } from '../services/account-closing';
import { Retention } from '../services/retention';
import { AutopayService } from '../services/autopay';
import { TelemetryIngest } from '../services/telemetry/ingest';
import { TelemetryFigures } from '../services/telemetry/figures';
import { ReleaseService } from '../services/releases/service';
import { configStoreOf } from '../services/releases/config-store';

/**
 * Every service, built once, each given its collaborators. Outside `services/` because it wires
 * folders built on `services/` (its `releases/` and `telemetry/`, `console/approvals/`): inside,
 * the folder would import them while they import it.
 */
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
  vouchers: ProofService;
  uploads: UploadService;
  news: NewsService;
  reminders: ReminderService;
  operators: OperatorService;
  audit: AuditService;
  approvals: ApprovalService;
  /** The console's commands: done at once, or asked of a second operator. */
  consoleCommands: ConsoleCommands;
  /** A console change and its audit row in one write. */
  consoleWrites: ConsoleWrites;
  consoleReads: ConsoleReads;
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
  const vouchers = new ProofService(ctx, loans, ledger, uploads);
  const audit = new AuditService(ctx);
  const reconciliation = new Reconciliation(ctx, gateway, loans, ledger, audit);
  const operators = new OperatorService(ctx, attempts);
  // An approved TOTP renewal asks for its confirmation through the accounts, made below with the approvals.
  const consoleWrites = new ConsoleWrites(ctx.store, audit);
  const approvals: ApprovalService = new ApprovalService(
    ctx,
    approvalEffects({ loans, vouchers, reconciliation, operators, accounts: () => operatorAccounts }),
    consoleWrites,
  );
  const operatorAccounts: OperatorAccounts = new OperatorAccounts(ctx, operators, approvals);
  const reports = new DailyReports(ctx);
  const consoleReads = new ConsoleReads(ctx, ledger, credit, approvals, audit, uploads, consents, reports);
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
    consoleCommands: new ConsoleCommands(loans, vouchers, approvals, reconciliation),
    consoleWrites,
    consoleReads,
    exports: new Exports(ctx, consoleReads, audit),
    reconciliation,
    reports,
    dataExport: new DataExport(ctx, uploads, audit),
    closing: new AccountClosing(ctx, sms, uploads, audit),
    retention: new Retention(ctx, uploads, audit),
    autopay: new AutopayService(ctx, loans, ledger, payments, reminders),
    // After each batch, a canary whose reports it carried is judged by the abort rule.
    telemetry: new TelemetryIngest(ctx, { afterIngest: (touched) => releases.checkCanaries(touched) }),
    releases,
  };
}
