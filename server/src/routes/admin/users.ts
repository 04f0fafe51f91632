import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import {
  ApprovalAsked,
  BorrowerMatches,
  BorrowerSearchQuery,
  CreditRequest,
  envelopeOf,
  IdParams,
  MobileQuery,
  SettingParams,
  SettingRequest,
  Settings,
  ConsoleBorrower,
} from '@instalment/contract/api/schemas';
import { validatePhone } from '@instalment/contract/validation';
import { operatorOf } from '../../http/admin-auth';
import { check } from '../../http/input';
import { userTarget } from '../../services/targets';
import type { FastifyRequest } from 'fastify';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

const userOf = (request: FastifyRequest) => userTarget(Number((request.params as { id: string }).id));

/** Borrower support and the changes that need four eyes: a credit line, the product's settings. */
export function consoleUserRoutes(
  app: ApiInstance,
  { services: { consoleReads, consoleCommands, catalogue }, read, write }: ConsoleDeps,
): void {
  app.get(
    ADMIN_ENDPOINTS.users,
    {
      ...consoleRoute('users.lookup', 'users', () => 'users'),
      schema: { querystring: MobileQuery, response: { 200: envelopeOf(ConsoleBorrower) } },
    },
    async (request) => {
      const borrower = await consoleReads.borrower(check(validatePhone, request.query.mobile.trim()));
      return read(request, borrower, userTarget(borrower.user.id));
    },
  );
  app.get(
    ADMIN_ENDPOINTS.userSearch,
    {
      ...consoleRoute('users.search', 'users', () => 'users'),
      schema: { querystring: BorrowerSearchQuery, response: { 200: envelopeOf(BorrowerMatches) } },
    },
    async (request) => {
      const matches = await consoleReads.borrowerSearch(request.query.q, operatorOf(request).roles);
      // Whom it found, not what was typed (a name, a phone): the audit outlives an erased account and keeps no personal data.
      request.audit.after = { matches: matches.list.map((match) => userTarget(match.id)) };
      return read(request, matches, matches.list.length === 1 ? userTarget(matches.list[0].id) : undefined);
    },
  );
  app.get(
    ADMIN_ENDPOINTS.user,
    { ...consoleRoute('users.view', 'users', userOf), schema: { params: IdParams, response: { 200: envelopeOf(ConsoleBorrower) } } },
    async (request) => read(request, await consoleReads.borrowerById(request.params.id)),
  );
  app.post(
    ADMIN_ENDPOINTS.userCredit,
    {
      ...consoleRoute('credit.limit.ask', 'credit', userOf),
      schema: { params: IdParams, body: CreditRequest, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) => write(request, (tx) => consoleCommands.askCredit(tx, operatorOf(request), request.params.id, request.body.limit)),
  );

  app.get(
    ADMIN_ENDPOINTS.settings,
    { ...consoleRoute('settings.read', null, () => 'settings'), schema: { response: { 200: envelopeOf(Settings) } } },
    async (request) =>
      read(request, {
        loan_rates: await catalogue.rates(),
        payment_channels: await catalogue.channels(),
        bank_info: await catalogue.bankInfo(),
      }),
  );
  app.post(
    ADMIN_ENDPOINTS.setting,
    {
      ...consoleRoute('setting.ask', 'settings', (request) => `setting:${(request.params as { key: string }).key}`),
      schema: { params: SettingParams, body: SettingRequest, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) => write(request, (tx) => consoleCommands.askSetting(tx, operatorOf(request), request.params.key, request.body.value)),
  );
}
