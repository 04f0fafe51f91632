import { ENDPOINTS, type Voucher } from '@instalment/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userOf } from '../http/auth';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { fieldsOf, pageOf, text } from '../http/input';
import { contractTemplate, loanContract } from '../services/contract';
import type { RouteDeps } from './deps';

export function loanRoutes(app: FastifyInstance, { services, auth, config, links }: RouteDeps): void {
  const { loans, catalogue, payments, vouchers } = services;
  const orderNo = (query: unknown) => text(fieldsOf(query), 'order_no');
  /**
   * Proof files open only to their owner, and an <img> cannot send the token: the services are
   * given an empty base, so file_url is the path, which becomes an absolute signed link here.
   */
  const withProofLink = (request: FastifyRequest, voucher: Voucher): Voucher => ({
    ...voucher,
    file_url: `${baseUrlOf(request, config)}${links.sign(voucher.file_url)}`,
  });

  app.get(ENDPOINTS.loanRates, async () => ok(catalogue.rates()));
  app.get(ENDPOINTS.channels, async () => ok(catalogue.channels()));
  app.get(ENDPOINTS.bankInfo, async () => ok(catalogue.bankInfo()));

  app.post(ENDPOINTS.loanCreate, { preHandler: auth.required }, async (request) =>
    ok(loans.create(userOf(request).id, fieldsOf(request.body)), 'Application submitted'),
  );

  app.get(ENDPOINTS.myLoans, { preHandler: auth.required }, async (request) => ok(loans.list(userOf(request).id, pageOf(request.query))));

  app.get(ENDPOINTS.orderDetail, { preHandler: auth.required }, async (request) => {
    const detail = loans.detail(userOf(request).id, orderNo(request.query), '');
    return ok({ ...detail, vouchers: detail.vouchers.map((voucher) => withProofLink(request, voucher)) });
  });

  app.get(ENDPOINTS.installments, { preHandler: auth.required }, async (request) =>
    ok(loans.instalments(userOf(request).id, orderNo(request.query))),
  );

  /** Without order_no: the template shown before applying, to anyone; with one: the caller's own contract. */
  app.get(ENDPOINTS.contractInfo, async (request) => {
    const order = orderNo(request.query);
    if (order === '') return ok(contractTemplate(catalogue.rates()));
    await auth.required(request);
    return ok(loanContract(loans.find(userOf(request).id, order), catalogue.rates()));
  });

  app.get(ENDPOINTS.cashier, { preHandler: auth.required }, async (request) => {
    const query = fieldsOf(request.query);
    return ok(payments.cashier(userOf(request).id, text(query, 'order_no'), text(query, 'periods')));
  });

  app.post(ENDPOINTS.uploadVoucher, { preHandler: auth.required }, async (request) => {
    const voucher = withProofLink(request, vouchers.submit(userOf(request).id, fieldsOf(request.body), ''));
    return ok(voucher, voucher.status === 'approved' ? 'Payment proof confirmed' : 'Payment proof submitted for review');
  });
}
