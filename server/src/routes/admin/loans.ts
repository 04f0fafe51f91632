import { ADMIN_ENDPOINTS, mayDo, type LoanStatus } from '@instalment/contract/api';
import {
  ApprovalAsked,
  BankRefRequest,
  envelopeOf,
  Listing,
  LoanDecided,
  LoanListQuery,
  LoanPayee,
  LoanRejectRequest,
  LoanStatus as LoanStatusSchema,
  OrderParams,
  OverdueLoan,
  Queues,
  ConsoleLoan,
  ConsoleLoanView,
} from '@instalment/contract/api/schemas';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { loanTarget } from '../../services/targets';
import { Forbidden, sentenceOf } from '../../services/refusals';
import type { ApiInstance } from '../deps';
import { consoleRoute, statusOf, type ConsoleDeps } from './act';
import { LIST_ORDERS, listWindowOf } from './lists';

const loanOf = (request: FastifyRequest) => loanTarget((request.params as { order_no: string }).order_no);

/**
 * The queues' counts; loans: the queue, one loan whole, the reviewer's decision, finance's
 * disbursement (four eyes) and where its money goes, whole.
 */
export function consoleLoanRoutes(
  app: ApiInstance,
  { services: { consoleReads, consoleCommands }, config, read, write }: ConsoleDeps,
): void {
  app.get(ADMIN_ENDPOINTS.queues, { ...consoleRoute('queues.read', null), schema: { response: { 200: envelopeOf(Queues) } } }, async () =>
    ok(await consoleReads.queues()),
  );

  app.get(
    ADMIN_ENDPOINTS.loans,
    {
      ...consoleRoute('loans.list', 'loans', () => 'loans'),
      schema: { querystring: LoanListQuery, response: { 200: envelopeOf(Listing(ConsoleLoan)) } },
    },
    async (request) => {
      const status = statusOf<LoanStatus>(request.query.status, (value) => Value.Check(LoanStatusSchema, value));
      const window = listWindowOf(request.query, LIST_ORDERS.loans, config.businessTimezone);
      return read(request, await consoleReads.loanList({ status, search: request.query.q }, window));
    },
  );
  app.get(
    ADMIN_ENDPOINTS.loan,
    { ...consoleRoute('loans.view', 'loans', loanOf), schema: { params: OrderParams, response: { 200: envelopeOf(ConsoleLoanView) } } },
    async (request) => read(request, await consoleReads.loanView(request.params.order_no)),
  );
  // The full card number is for finance to make and check the transfer with, not a screen others
  // read (not the auditor's either, who reads who saw it): each read is audited under its own action.
  app.get(
    ADMIN_ENDPOINTS.loanPayee,
    { ...consoleRoute('loan.payee', 'disburse', loanOf), schema: { params: OrderParams, response: { 200: envelopeOf(LoanPayee) } } },
    async (request) => {
      if (!mayDo(operatorOf(request).roles, 'disburse')) throw new Forbidden(sentenceOf('operatorForbidden'));
      return read(request, await consoleReads.payee(request.params.order_no));
    },
  );
  app.post(
    ADMIN_ENDPOINTS.approveLoan,
    { ...consoleRoute('loan.approve', 'review', loanOf), schema: { params: OrderParams, response: { 200: envelopeOf(LoanDecided) } } },
    (request) => write(request, (tx) => consoleCommands.approveLoan(tx, request.params.order_no)),
  );
  app.post(
    ADMIN_ENDPOINTS.rejectLoan,
    {
      ...consoleRoute('loan.reject', 'review', loanOf),
      schema: { params: OrderParams, body: LoanRejectRequest, response: { 200: envelopeOf(LoanDecided) } },
    },
    (request) => write(request, (tx) => consoleCommands.rejectLoan(tx, request.params.order_no, request.body)),
  );
  app.post(
    ADMIN_ENDPOINTS.disburseLoan,
    {
      ...consoleRoute('loan.disburse.ask', 'disburse', loanOf),
      schema: { params: OrderParams, body: BankRefRequest, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) =>
      write(request, (tx) => consoleCommands.askDisbursement(tx, operatorOf(request), request.params.order_no, request.body.bank_ref)),
  );
  app.get(
    ADMIN_ENDPOINTS.overdue,
    {
      ...consoleRoute('reports.overdue', 'loans', () => 'reports:overdue'),
      schema: { response: { 200: envelopeOf(Type.Array(OverdueLoan)) } },
    },
    async (request) => read(request, await consoleReads.overdue()),
  );
}
