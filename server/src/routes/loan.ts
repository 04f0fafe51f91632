import { ENDPOINTS, type Proof } from '@instalment/contract/api';
import type { FastifyRequest } from 'fastify';
import {
  BankInfo,
  Cashier,
  CashierQuery,
  ContractInfo,
  CreditLine,
  envelopeOf,
  InstalmentsResult,
  LoanApplication,
  LoanCreated,
  LoanDetail,
  MyLoansPage,
  MyLoansQuery,
  OfferedRates,
  OrderQuery,
  PaymentChannels,
  PaymentQuery,
  PaymentState,
  PayoffQuote,
  Proof as ProofSchema,
  ProofRequest,
  WithdrawProofRequest,
} from '@instalment/contract/api/schemas';
import { BORROWER_SOMETIMES, userOf } from '../http/auth';
import { baseUrlOf } from '../http/base-url';
import { keptAnswers, ok } from '../http/envelope';
import { pageOf } from '../http/input';
import { contractTemplate, loanContract } from '../services/contract';
import type { RoutePlugin } from './deps';
import { localeOf, sentenceIn } from '../http/sentence';

export const loanRoutes: RoutePlugin = async (app, { services, auth, config, links }) => {
  const { loans, catalogue, payments, vouchers, credit, ledger } = services;
  const orderNo = (query: { order_no?: string }) => query.order_no ?? '';
  /**
   * Proof files open only to their owner, and an <img> cannot send the token: a proof's file_url
   * is its stored path everywhere behind this edge, and becomes an absolute signed link here.
   */
  const withProofLink = (request: FastifyRequest, voucher: Proof): Proof => ({
    ...voucher,
    file_url: `${baseUrlOf(request, config)}${links.sign(voucher.file_url)}`,
  });

  // With the lender's calendar: the app reads due dates, today and the days of instants in it.
  app.get(ENDPOINTS.loanRates, { schema: { response: { 200: envelopeOf(OfferedRates) } } }, async () =>
    ok({ ...(await catalogue.rates()), business_timezone: config.businessTimezone }),
  );
  app.get(ENDPOINTS.channels, { schema: { response: { 200: envelopeOf(PaymentChannels) } } }, async () => ok(await payments.channels()));
  app.get(ENDPOINTS.bankInfo, { schema: { response: { 200: envelopeOf(BankInfo) } } }, async () => ok(await catalogue.bankInfo()));

  app.post(
    ENDPOINTS.loanCreate,
    { schema: { body: LoanApplication, response: { 200: envelopeOf(LoanCreated) } }, onRequest: auth.required },
    async (request) => ok(await loans.create(userOf(request).id, request.body, request.ip), sentenceIn(request, 'applicationSubmitted')),
  );

  const sendMyLoans = keptAnswers(MyLoansPage);
  app.get(
    ENDPOINTS.myLoans,
    { schema: { querystring: MyLoansQuery, response: { 200: envelopeOf(MyLoansPage) } }, onRequest: auth.required },
    async (request, reply) => sendMyLoans(reply, await loans.list(userOf(request), pageOf(request.query))),
  );

  app.get(
    ENDPOINTS.orderDetail,
    { schema: { querystring: OrderQuery, response: { 200: envelopeOf(LoanDetail) } }, onRequest: auth.required },
    async (request) => {
      const detail = await loans.detail(userOf(request).id, orderNo(request.query), localeOf(request));
      return ok({ ...detail, vouchers: detail.vouchers.map((voucher) => withProofLink(request, voucher)) });
    },
  );

  app.get(
    ENDPOINTS.installments,
    { schema: { querystring: OrderQuery, response: { 200: envelopeOf(InstalmentsResult) } }, onRequest: auth.required },
    async (request) => ok(await loans.instalments(userOf(request).id, orderNo(request.query))),
  );

  /** Without order_no: the template shown before applying, to anyone; with one: the caller's own contract. */
  app.get(
    ENDPOINTS.contractInfo,
    { schema: { querystring: OrderQuery, response: { 200: envelopeOf(ContractInfo) }, security: BORROWER_SOMETIMES } },
    async (request) => {
      const order = orderNo(request.query);
      if (order === '') return ok(contractTemplate(await catalogue.rates(), localeOf(request)));
      await auth.required(request);
      const loan = await loans.find(userOf(request).id, order);
      return ok(loanContract(loan, loans.masked(loan), await catalogue.rates(), config.businessTimezone, localeOf(request)));
    },
  );

  app.get(
    ENDPOINTS.cashier,
    { schema: { querystring: CashierQuery, response: { 200: envelopeOf(Cashier) } }, onRequest: auth.required },
    async (request) => {
      const { order_no, periods = '', payoff, channel = '', return_url = '' } = request.query;
      const choice = channel === '' ? null : { channel, returnUrl: return_url, apiBase: baseUrlOf(request, config) };
      return ok(await payments.cashier(userOf(request).id, order_no, periods, payoff === '1', choice));
    },
  );

  app.get(
    ENDPOINTS.payoff,
    { schema: { querystring: OrderQuery, response: { 200: envelopeOf(PayoffQuote) } }, onRequest: auth.required },
    async (request) => ok(await ledger.payoffQuote(await loans.find(userOf(request).id, orderNo(request.query)))),
  );

  app.get(ENDPOINTS.credit, { schema: { response: { 200: envelopeOf(CreditLine) } }, onRequest: auth.required }, async (request) =>
    ok(await credit.line(userOf(request).id)),
  );

  app.get(
    ENDPOINTS.paymentState,
    { schema: { querystring: PaymentQuery, response: { 200: envelopeOf(PaymentState) } }, onRequest: auth.required },
    async (request) => ok(await payments.state(userOf(request).id, request.query.payment_no ?? '')),
  );

  app.post(
    ENDPOINTS.uploadProof,
    { schema: { body: ProofRequest, response: { 200: envelopeOf(ProofSchema) } }, onRequest: auth.required },
    async (request) => {
      const voucher = withProofLink(request, await vouchers.submit(userOf(request).id, request.body));
      return ok(voucher, sentenceIn(request, voucher.status === 'approved' ? 'proofConfirmed' : 'proofSubmitted'));
    },
  );

  app.post(
    ENDPOINTS.withdrawProof,
    { schema: { body: WithdrawProofRequest, response: { 200: envelopeOf(ProofSchema) } }, onRequest: auth.required },
    async (request) => {
      const proofId = request.body.voucher_id;
      return ok(withProofLink(request, await vouchers.withdraw(userOf(request).id, proofId)), sentenceIn(request, 'proofWithdrawn'));
    },
  );
};
