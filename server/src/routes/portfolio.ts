import { ENDPOINTS } from '@instalment/contract/api';
import { DueLoans, DueLoansQuery, envelopeOf, MyOverdueLoans, MyOverdueLoansQuery } from '@instalment/contract/api/schemas';
import { userOf } from '../http/auth';
import { ok } from '../http/envelope';
import type { RoutePlugin } from './deps';

/** What spans the signed-in borrower's loans, in one request however many loans they have. */
export const portfolioRoutes: RoutePlugin = async (app, { services, auth }) => {
  const { portfolio } = services;

  app.get(
    ENDPOINTS.dueLoans,
    { schema: { querystring: DueLoansQuery, response: { 200: envelopeOf(DueLoans) } }, onRequest: auth.required },
    async (request) => ok(await portfolio.due(userOf(request).id)),
  );

  app.get(
    ENDPOINTS.overdueLoans,
    { schema: { querystring: MyOverdueLoansQuery, response: { 200: envelopeOf(MyOverdueLoans) } }, onRequest: auth.required },
    async (request) => ok(await portfolio.overdue(userOf(request).id)),
  );
};
