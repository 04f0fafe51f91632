import type { Context } from '../context';
import { CatalogueService } from './catalogue';
import { LoanService } from './loans';
import { LoginAttempts } from './login-attempts';
import { NewsService } from './news';
import { PaymentService } from './payments';
import { OutboxSmsProvider, SmsService, type SmsProvider } from './sms';
import { TokenService } from './tokens';
import { UploadService } from './uploads';
import { UserService } from './users';
import { VoucherService } from './vouchers';

export interface Services {
  tokens: TokenService;
  users: UserService;
  sms: SmsService;
  /** The development outbox, when codes go there (no custom provider). */
  outbox: OutboxSmsProvider | null;
  catalogue: CatalogueService;
  loans: LoanService;
  payments: PaymentService;
  vouchers: VoucherService;
  uploads: UploadService;
  news: NewsService;
}

export function createServices(ctx: Context, uploadDir: string, smsProvider?: SmsProvider): Services {
  const outbox = smsProvider ? null : new OutboxSmsProvider(ctx.db, ctx.now);
  const tokens = new TokenService(ctx);
  const sms = new SmsService(ctx, smsProvider ?? outbox!);
  const catalogue = new CatalogueService(ctx.db);
  const loans = new LoanService(ctx, catalogue);
  const payments = new PaymentService(ctx, loans, catalogue);
  const uploads = new UploadService(ctx, uploadDir);
  return {
    tokens,
    users: new UserService(ctx, tokens, sms, new LoginAttempts(ctx)),
    sms,
    outbox,
    catalogue,
    loans,
    payments,
    vouchers: new VoucherService(ctx, loans, payments, uploads),
    uploads,
    news: new NewsService(ctx),
  };
}
