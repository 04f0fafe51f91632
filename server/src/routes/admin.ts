import {
  ADMIN_ENDPOINTS,
  ADMIN_PERMISSIONS,
  mayDo,
  type AdminPermission,
  type ApprovalStatus,
  type LoanStatus,
  type VoucherStatus,
} from '@instalment/shared/api';
import {
  AuditQuery,
  BankRefRequest,
  CreditRequest,
  IdParams,
  MobileQuery,
  NewsDraftRequest,
  OperatorLoginRequest,
  OrderParams,
  ReasonRequest,
  SettingParams,
  SettingRequest,
  StatusQuery,
} from '@instalment/shared/api/schemas';
import { LoanStatus as LoanStatusSchema } from '@instalment/shared/api/schemas';
import { validatePhone } from '@instalment/shared/validation';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import fs from 'node:fs';
import type { Store } from '../db/store';
import { createAdminAuth, operatorOf } from '../http/admin-auth';
import { ok } from '../http/envelope';
import { check, pageOf } from '../http/input';
import { perAddress } from '../http/rate-limits';
import { said } from '../http/say';
import type { Change } from '../services/back-office';
import { loanTarget, voucherTarget } from '../services/staff';
import { MIME_TYPES } from '../services/uploads';
import type { ApiInstance, RouteDeps } from './deps';
import { Forbidden, Refusal, say } from '../services/refusals';

const VOUCHER_STATUSES: readonly VoucherStatus[] = ['pending', 'approved', 'rejected', 'withdrawn'];
const APPROVAL_STATUSES: readonly ApprovalStatus[] = ['awaiting', 'approved', 'declined'];

/** `?status=`: one of `allowed`, or every status when absent. */
function statusOf<T extends string>(value: string | undefined, allowed: (value: string) => boolean): T | null {
  if (value === undefined || value === '') return null;
  if (!allowed(value)) throw new Refusal(say('statusUnknown'));
  return value as T;
}

const loanOf = (request: FastifyRequest) => loanTarget((request.params as { order_no: string }).order_no);
const voucherOf = (request: FastifyRequest) => voucherTarget(idOf(request));

/** `:id` of a route whose params schema is `IdParams` (validated and coerced before the handler). */
const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

/**
 * The operations console's API (`/admin/api`). Every action runs through `act`: the operator's
 * roles are checked, a change and its audit entry are written in one transaction, and a refused
 * action (a role that lacks it, a rule that says no) is on the audit log too — once either way.
 */
export function adminRoutes(app: ApiInstance, { services, config }: RouteDeps): void {
  const { operators, audit, staff, backOffice, approvals } = services;
  const auth = createAdminAuth(operators);
  const guarded = { onRequest: auth.required };
  const store = app.store;

  /**
   * `change`: the work runs with its audit entry in one write; a look (`change` false) reads
   * outside any write (SQLite's one connection is the write's while it lasts) and is audited after.
   */
  function act<R extends FastifyRequest>(
    permission: AdminPermission,
    action: string,
    change: boolean,
    work: (request: R, store: Store) => Promise<Change>,
    targetOf: (request: FastifyRequest) => string = (request) => request.url.split('?')[0],
  ) {
    return async (request: R) => {
      const operator = operatorOf(request);
      // What a refusal is filed under: the thing it was about, as a done action would be.
      const fact = { operator, address: request.ip, action, target: targetOf(request) };
      if (!mayDo(operator.roles, permission)) {
        await audit.record({ ...fact, outcome: 'refused', reason: `needs one of ${ADMIN_PERMISSIONS[permission].join(', ')}` });
        throw new Forbidden(say('operatorForbidden'));
      }
      try {
        const run = async (on: Store) => {
          const result = await work(request, on);
          await audit.record({ ...fact, target: result.target, before: result.before, after: result.after, outcome: 'done' }, on);
          return result;
        };
        const done = change ? await store.write([`operator-action:${action}`], run) : await run(store);
        return ok(done.answer);
      } catch (error) {
        if (error instanceof Refusal || error instanceof Forbidden) {
          await audit.record({ ...fact, outcome: 'refused', reason: error.message });
        }
        throw error;
      }
    };
  }
  const look = (target: string, answer: unknown): Change => ({ target, before: undefined, after: undefined, answer });

  const { loginsPerAddress, addressWindowSeconds } = config.limits;
  app.post(
    ADMIN_ENDPOINTS.login,
    { schema: { body: OperatorLoginRequest }, ...perAddress(loginsPerAddress, addressWindowSeconds) },
    async (request) => {
      const { username, password, totp } = request.body;
      const fact = {
        operator: { id: null, username, roles: [] },
        address: request.ip,
        action: 'auth.login',
        target: `operator:${username}`,
      };
      try {
        const session = await operators.login(username, password, totp, request.ip);
        await audit.record({ ...fact, outcome: 'done', after: { roles: session.roles } });
        return ok(session, said(request, 'loggedIn'));
      } catch (error) {
        if (error instanceof Refusal) await audit.record({ ...fact, outcome: 'refused', reason: error.message });
        throw error;
      }
    },
  );

  app.post(ADMIN_ENDPOINTS.logout, guarded, async (request) => {
    await operators.logout(request.operatorToken!);
    const operator = operatorOf(request);
    await audit.record({ operator, address: request.ip, action: 'auth.logout', target: `operator:${operator.username}`, outcome: 'done' });
    return ok(null, said(request, 'loggedOut'));
  });

  app.get(ADMIN_ENDPOINTS.me, guarded, async (request) => {
    const { username, roles } = operatorOf(request);
    return ok({ username, roles });
  });

  app.get(ADMIN_ENDPOINTS.queues, guarded, async () => ok(await staff.queues()));

  // Loans: the queue, one loan whole, the reviewer's decision, finance's disbursement (four eyes).
  app.get(
    ADMIN_ENDPOINTS.loans,
    { ...guarded, schema: { querystring: StatusQuery } },
    act('loans', 'loans.list', false, async (request) => {
      const status = statusOf<LoanStatus>(request.query.status, (value) => Value.Check(LoanStatusSchema, value));
      const page = pageOf(request.query);
      return look('loans', await staff.loanList(status, { limit: page.limit, offset: (page.page - 1) * page.limit }));
    }),
  );
  app.get(
    ADMIN_ENDPOINTS.loan,
    { ...guarded, schema: { params: OrderParams } },
    act('loans', 'loans.view', false, async (request) => look(loanOf(request), await staff.loanView(request.params.order_no)), loanOf),
  );
  app.post(
    ADMIN_ENDPOINTS.approveLoan,
    { ...guarded, schema: { params: OrderParams } },
    act('review', 'loan.approve', true, (request, tx) => backOffice.approveLoan(tx, request.params.order_no), loanOf),
  );
  app.post(
    ADMIN_ENDPOINTS.rejectLoan,
    { ...guarded, schema: { params: OrderParams, body: ReasonRequest } },
    act('review', 'loan.reject', true, (request, tx) => backOffice.rejectLoan(tx, request.params.order_no, request.body.reason), loanOf),
  );
  app.post(
    ADMIN_ENDPOINTS.disburseLoan,
    { ...guarded, schema: { params: OrderParams, body: BankRefRequest } },
    act(
      'disburse',
      'loan.disburse.ask',
      true,
      (request, tx) => backOffice.askDisbursement(tx, operatorOf(request), request.params.order_no, request.body.bank_ref),
      loanOf,
    ),
  );
  app.get(
    ADMIN_ENDPOINTS.overdue,
    guarded,
    act('loans', 'reports.overdue', false, async () => look('reports:overdue', await staff.overdue())),
  );

  // Proofs of bank transfers: the queue, the image, confirmation (four eyes) or rejection.
  app.get(
    ADMIN_ENDPOINTS.vouchers,
    { ...guarded, schema: { querystring: StatusQuery } },
    act('vouchers', 'vouchers.list', false, async (request) => {
      const status = statusOf<VoucherStatus>(request.query.status, (value) => (VOUCHER_STATUSES as readonly string[]).includes(value));
      const page = pageOf(request.query);
      return look('vouchers', await staff.voucherList(status, { limit: page.limit, offset: (page.page - 1) * page.limit }));
    }),
  );
  app.get(ADMIN_ENDPOINTS.voucherFile, { ...guarded, schema: { params: IdParams } }, async (request, reply) => {
    const operator = operatorOf(request);
    if (!mayDo(operator.roles, 'vouchers') && !mayDo(operator.roles, 'users')) throw new Forbidden(say('operatorForbidden'));
    const found = await staff.voucherFile(request.params.id);
    if (!found) throw new Refusal(say('proofNotFound'));
    await audit.record({ operator, address: request.ip, action: 'voucher.file', target: `voucher:${request.params.id}`, outcome: 'done' });
    return reply
      .header('Content-Type', MIME_TYPES[found.type])
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'no-store')
      .send(fs.createReadStream(found.file));
  });
  app.post(
    ADMIN_ENDPOINTS.confirmVoucher,
    { ...guarded, schema: { params: IdParams, body: BankRefRequest } },
    act(
      'vouchers',
      'voucher.confirm.ask',
      true,
      (request, tx) => backOffice.askVoucherConfirmation(tx, operatorOf(request), request.params.id, request.body.bank_ref),
      voucherOf,
    ),
  );
  app.post(
    ADMIN_ENDPOINTS.rejectVoucher,
    { ...guarded, schema: { params: IdParams, body: ReasonRequest } },
    act(
      'vouchers',
      'voucher.reject',
      true,
      (request, tx) => backOffice.rejectVoucher(tx, request.params.id, request.body.reason),
      voucherOf,
    ),
  );

  app.get(
    ADMIN_ENDPOINTS.payments,
    { ...guarded, schema: { querystring: StatusQuery } },
    act('vouchers', 'payments.list', false, async (request) => {
      const page = pageOf(request.query);
      return look('payments', await staff.payments({ limit: page.limit, offset: (page.page - 1) * page.limit }));
    }),
  );

  // Four eyes: what a first operator asked for, carried out or declined by a second.
  app.get(ADMIN_ENDPOINTS.approvals, { ...guarded, schema: { querystring: StatusQuery } }, async (request) => {
    const status = statusOf<ApprovalStatus>(request.query.status, (value) => (APPROVAL_STATUSES as readonly string[]).includes(value));
    const page = pageOf(request.query);
    return ok(await approvals.list(status, page.limit, (page.page - 1) * page.limit));
  });
  const decide = (decision: 'approve' | 'decline') => async (request: FastifyRequest) => {
    const operator = operatorOf(request);
    const id = idOf(request);
    const reason = (request.body as { reason?: unknown } | undefined)?.reason;
    const fact = { operator, address: request.ip, action: `approval.${decision}`, target: `approval:${id}` };
    try {
      fact.target = (await approvals.byId(id)).target;
      const { approval, after } = await approvals.decide(id, operator, decision, typeof reason === 'string' ? reason.trim() : '');
      await audit.record({
        ...fact,
        target: approval.target,
        before: approval.before,
        after: { approval_id: approval.id, kind: approval.kind, status: approval.status, result: after },
        outcome: 'done',
      });
      return ok(approval);
    } catch (error) {
      if (error instanceof Refusal || error instanceof Forbidden)
        await audit.record({ ...fact, outcome: 'refused', reason: error.message });
      throw error;
    }
  };
  app.post(ADMIN_ENDPOINTS.approveApproval, { ...guarded, schema: { params: IdParams } }, decide('approve'));
  app.post(ADMIN_ENDPOINTS.declineApproval, { ...guarded, schema: { params: IdParams } }, decide('decline'));

  // Borrower support and the changes that need four eyes: a credit line, the product's settings.
  app.get(
    ADMIN_ENDPOINTS.users,
    { ...guarded, schema: { querystring: MobileQuery } },
    act('users', 'users.lookup', false, async (request) => {
      const borrower = await staff.borrower(check(validatePhone, request.query.mobile.trim()));
      return look(`user:${borrower.user.id}`, borrower);
    }),
  );
  app.post(
    ADMIN_ENDPOINTS.userCredit,
    { ...guarded, schema: { params: IdParams, body: CreditRequest } },
    act('credit', 'credit.limit.ask', true, (request, tx) =>
      backOffice.askCredit(tx, operatorOf(request), request.params.id, request.body.limit),
    ),
  );
  app.get(ADMIN_ENDPOINTS.settings, guarded, async () =>
    ok({
      loan_rates: await services.catalogue.rates(),
      payment_channels: await services.catalogue.channels(),
      bank_info: await services.catalogue.bankInfo(),
    }),
  );
  app.post(
    ADMIN_ENDPOINTS.setting,
    { ...guarded, schema: { params: SettingParams, body: SettingRequest } },
    act('settings', 'setting.ask', true, (request, tx) =>
      backOffice.askSetting(tx, operatorOf(request), request.params.key, request.body.value),
    ),
  );

  // News: drafts, publishing and taking down.
  app.get(
    ADMIN_ENDPOINTS.newsList,
    { ...guarded, schema: { querystring: StatusQuery } },
    act('news', 'news.list', false, async (request) => {
      const page = pageOf(request.query);
      return look('news', await services.news.staffList(page.limit, (page.page - 1) * page.limit));
    }),
  );
  app.post(
    ADMIN_ENDPOINTS.news,
    { ...guarded, schema: { body: NewsDraftRequest } },
    act('news', 'news.draft', true, (request, tx) => services.news.draft(tx, request.body)),
  );
  const setArticleStatus = (action: string, status: 'published' | 'unpublished') =>
    act('news', action, true, (request, tx) => services.news.setStatus(tx, idOf(request), status));
  app.post(ADMIN_ENDPOINTS.publishNews, { ...guarded, schema: { params: IdParams } }, setArticleStatus('news.publish', 'published'));
  app.post(ADMIN_ENDPOINTS.unpublishNews, { ...guarded, schema: { params: IdParams } }, setArticleStatus('news.unpublish', 'unpublished'));

  app.get(
    ADMIN_ENDPOINTS.audit,
    { ...guarded, schema: { querystring: AuditQuery } },
    act('audit', 'audit.read', false, async (request) => {
      const page = pageOf(request.query);
      const target = request.query.target || undefined;
      return look(target ?? 'audit', await audit.list({ target, limit: page.limit, offset: (page.page - 1) * page.limit }));
    }),
  );
}
