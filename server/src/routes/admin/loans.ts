import { ADMIN_ENDPOINTS, type LoanStatus } from '@instalment/shared/api';
import {
  ApprovalAsked,
  BankRefRequest,
  envelopeOf,
  Listing,
  LoanDecided,
  LoanStatus as LoanStatusSchema,
  OrderParams,
  OverdueLoan,
  Queues,
  ReasonRequest,
  StaffLoan,
  StaffLoanView,
  StatusQuery,
} from '@instalment/shared/api/schemas';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { loanTarget } from '../../services/staff';
import type { ApiInstance } from '../deps';
import { look, statusOf, windowOf, type ConsoleDeps } from './act';

const loanOf = (request: { params: { order_no: string } }) => loanTarget(request.params.order_no);

/** The queues' counts; loans: the queue, one loan whole, the reviewer's decision, finance's disbursement (four eyes). */
export function consoleLoanRoutes(app: ApiInstance, { services: { staff, backOffice }, guarded, act }: ConsoleDeps): void {
  app.get(ADMIN_ENDPOINTS.queues, { ...guarded, schema: { response: { 200: envelopeOf(Queues) } } }, async () => ok(await staff.queues()));

  app.get(
    ADMIN_ENDPOINTS.loans,
    { ...guarded, schema: { querystring: StatusQuery, response: { 200: envelopeOf(Listing(StaffLoan)) } } },
    act('loans', 'loans.list', false, async (request) => {
      const status = statusOf<LoanStatus>(request.query.status, (value) => Value.Check(LoanStatusSchema, value));
      return look('loans', await staff.loanList(status, windowOf(request.query)));
    }),
  );
  app.get(
    ADMIN_ENDPOINTS.loan,
    { ...guarded, schema: { params: OrderParams, response: { 200: envelopeOf(StaffLoanView) } } },
    act('loans', 'loans.view', false, async (request) => look(loanOf(request), await staff.loanView(request.params.order_no)), loanOf),
  );
  app.post(
    ADMIN_ENDPOINTS.approveLoan,
    { ...guarded, schema: { params: OrderParams, response: { 200: envelopeOf(LoanDecided) } } },
    act('review', 'loan.approve', true, (request, tx) => backOffice.approveLoan(tx, request.params.order_no), loanOf),
  );
  app.post(
    ADMIN_ENDPOINTS.rejectLoan,
    { ...guarded, schema: { params: OrderParams, body: ReasonRequest, response: { 200: envelopeOf(LoanDecided) } } },
    act('review', 'loan.reject', true, (request, tx) => backOffice.rejectLoan(tx, request.params.order_no, request.body.reason), loanOf),
  );
  app.post(
    ADMIN_ENDPOINTS.disburseLoan,
    { ...guarded, schema: { params: OrderParams, body: BankRefRequest, response: { 200: envelopeOf(ApprovalAsked) } } },
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
    { ...guarded, schema: { response: { 200: envelopeOf(Type.Array(OverdueLoan)) } } },
    act('loans', 'reports.overdue', false, async () => look('reports:overdue', await staff.overdue())),
  );
}
