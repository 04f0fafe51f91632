import { ADMIN_ENDPOINTS } from '@instalment/shared/api';
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
} from '@instalment/shared/api/schemas';
import { validatePhone } from '@instalment/shared/validation';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { check } from '../../http/input';
import { userTarget } from '../../services/staff';
import type { ApiInstance } from '../deps';
import { look, type ConsoleDeps } from './act';

/** Borrower support and the changes that need four eyes: a credit line, the product's settings. */
export function consoleUserRoutes(app: ApiInstance, { services: { staff, backOffice, catalogue }, guarded, act }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.users,
    { ...guarded, schema: { querystring: MobileQuery, response: { 200: envelopeOf(StaffBorrower) } } },
    act('users', 'users.lookup', false, async (request) => {
      const borrower = await staff.borrower(check(validatePhone, request.query.mobile.trim()));
      return look(userTarget(borrower.user.id), borrower);
    }),
  );
  app.post(
    ADMIN_ENDPOINTS.userCredit,
    { ...guarded, schema: { params: IdParams, body: CreditRequest, response: { 200: envelopeOf(ApprovalAsked) } } },
    act('credit', 'credit.limit.ask', true, (request, tx) =>
      backOffice.askCredit(tx, operatorOf(request), request.params.id, request.body.limit),
    ),
  );

  app.get(ADMIN_ENDPOINTS.settings, { ...guarded, schema: { response: { 200: envelopeOf(Settings) } } }, async () =>
    ok({
      loan_rates: await catalogue.rates(),
      payment_channels: await catalogue.channels(),
      bank_info: await catalogue.bankInfo(),
    }),
  );
  app.post(
    ADMIN_ENDPOINTS.setting,
    { ...guarded, schema: { params: SettingParams, body: SettingRequest, response: { 200: envelopeOf(ApprovalAsked) } } },
    act('settings', 'setting.ask', true, (request, tx) =>
      backOffice.askSetting(tx, operatorOf(request), request.params.key, request.body.value),
    ),
  );
}
