import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import {
  ApprovalAsked,
  CreditRequest,
  envelopeOf,
  IdParams,
  MobileQuery,
  SettingParams,
  SettingRequest,
  Settings,
  StaffBorrower,
} from '@instalment/contract/api/schemas';
import { validatePhone } from '@instalment/contract/validation';
import { operatorOf } from '../../http/admin-auth';
import { check } from '../../http/input';
import { userTarget } from '../../services/staff';
import type { FastifyRequest } from 'fastify';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

const userOf = (request: FastifyRequest) => userTarget(Number((request.params as { id: string }).id));

/** Borrower support and the changes that need four eyes: a credit line, the product's settings. */
export function consoleUserRoutes(app: ApiInstance, { services: { staff, backOffice, catalogue }, look, change }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.users,
    {
      ...consoleRoute('users.lookup', 'users', () => 'users'),
      schema: { querystring: MobileQuery, response: { 200: envelopeOf(StaffBorrower) } },
    },
    async (request) => {
      const borrower = await staff.borrower(check(validatePhone, request.query.mobile.trim()));
      return look(request, borrower, userTarget(borrower.user.id));
    },
  );
  app.post(
    ADMIN_ENDPOINTS.userCredit,
    {
      ...consoleRoute('credit.limit.ask', 'credit', userOf),
      schema: { params: IdParams, body: CreditRequest, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) => change(request, (tx) => backOffice.askCredit(tx, operatorOf(request), request.params.id, request.body.limit)),
  );

  app.get(
    ADMIN_ENDPOINTS.settings,
    { ...consoleRoute('settings.read', null, () => 'settings'), schema: { response: { 200: envelopeOf(Settings) } } },
    async (request) =>
      look(request, {
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
    (request) => change(request, (tx) => backOffice.askSetting(tx, operatorOf(request), request.params.key, request.body.value)),
  );
}
