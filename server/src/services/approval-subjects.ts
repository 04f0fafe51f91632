import type { ApprovalSubject, OperatorRole, SettingChange } from '@instalment/contract/api';
import { maskPhone } from '@instalment/contract/format';
import { fromFen, parsePeriods } from '@instalment/contract/loan';
import type { Store } from '../db/store';
import type { ApprovalRow } from '../repositories/approvals';
import type { Confirmation } from './operator-target';
import { rolesOf } from './operators';

type AccountChange = Extract<ApprovalSubject, { about: 'account' }>['change'];

const idOf = (target: string) => target.slice(target.indexOf(':') + 1);
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A leaf as the checker reads it: text as it is, anything else as JSON. */
const leaf = (value: unknown): string | null => (value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The values that differ between two settings, each by its path (`terms[2].monthly_rate_bp`),
 * so that a checker reads the one rate that moves instead of the whole table. Lists are compared
 * place by place; a value only on one side reads null on the other.
 */
export function settingChanges(before: unknown, after: unknown, path = ''): SettingChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => settingChanges(before[index], after[index], `${path}[${index}]`)).flat();
  }
  if (isRecord(before) && isRecord(after) && !Array.isArray(before) && !Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => settingChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  const [was, is] = [leaf(before), leaf(after)];
  return was === is ? [] : [{ path, before: was, after: is }];
}

const borrowerName = (user: { real_name: string | null; nickname: string }) => user.real_name ?? user.nickname;

/**
 * What each approval of a page is about, read in one query per kind of thing (loans, proofs,
 * borrowers) rather than one per row; by approval id, null where the thing is gone.
 */
export async function approvalSubjects(store: Store, rows: readonly ApprovalRow[]): Promise<Map<number, ApprovalSubject | null>> {
  const targetsOf = (kind: ApprovalRow['kind']) => rows.filter((row) => row.kind === kind).map((row) => idOf(row.target));
  const orderNos = targetsOf('loan.disburse');
  const voucherIds = targetsOf('voucher.confirm').map(Number);
  const userIds = targetsOf('credit.limit').map(Number);
  const usernames = [...targetsOf('operator.disable'), ...targetsOf('operator.totp'), ...targetsOf('operator.confirm')];
  const [loans, vouchers, users, operators] = await Promise.all([
    orderNos.length === 0
      ? []
      : store.q
          .selectFrom('loans')
          .innerJoin('users', 'users.id', 'loans.user_id')
          .select(['loans.order_no', 'loans.real_name', 'users.mobile', 'loans.amount_fen', 'loans.term'])
          .where('loans.order_no', 'in', orderNos)
          .execute(),
    voucherIds.length === 0
      ? []
      : store.q
          .selectFrom('vouchers')
          .innerJoin('loans', 'loans.id', 'vouchers.loan_id')
          .innerJoin('users', 'users.id', 'loans.user_id')
          .select(['vouchers.id', 'vouchers.periods', 'vouchers.amount_fen', 'loans.order_no', 'loans.real_name', 'users.mobile'])
          .where('vouchers.id', 'in', voucherIds)
          .execute(),
    userIds.length === 0
      ? []
      : store.q.selectFrom('users').select(['id', 'real_name', 'nickname', 'mobile']).where('id', 'in', userIds).execute(),
    usernames.length === 0
      ? []
      : store.q.selectFrom('operators').select(['username', 'roles']).where('username', 'in', usernames).execute(),
  ]);
  const loanBy = new Map(loans.map((loan) => [loan.order_no, loan]));
  const voucherBy = new Map(vouchers.map((voucher) => [voucher.id, voucher]));
  const userBy = new Map(users.map((user) => [user.id, user]));
  const operatorBy = new Map(operators.map((operator) => [operator.username, operator]));
  const account = (row: ApprovalRow, change: AccountChange): ApprovalSubject | null => {
    const operator = operatorBy.get(idOf(row.target));
    return operator ? { about: 'account', username: operator.username, change, roles: rolesOf(operator) } : null;
  };

  const subjectOf = (row: ApprovalRow): ApprovalSubject | null => {
    const payload = parsed(row.payload) as Record<string, unknown>;
    const before = parsed(row.state_before) as Record<string, unknown> | null;
    switch (row.kind) {
      case 'loan.disburse': {
        const loan = loanBy.get(idOf(row.target));
        return loan
          ? {
              about: 'disbursement',
              borrower: loan.real_name,
              phone: maskPhone(loan.mobile),
              order_no: loan.order_no,
              amount: fromFen(loan.amount_fen),
              term: loan.term,
            }
          : null;
      }
      case 'voucher.confirm': {
        const voucher = voucherBy.get(Number(idOf(row.target)));
        return voucher
          ? {
              about: 'proof',
              voucher_id: voucher.id,
              borrower: voucher.real_name,
              phone: maskPhone(voucher.mobile),
              order_no: voucher.order_no,
              periods: parsePeriods(voucher.periods) ?? [],
              amount: fromFen(voucher.amount_fen),
            }
          : null;
      }
      case 'credit.limit': {
        const user = userBy.get(Number(idOf(row.target)));
        return user
          ? {
              about: 'credit',
              borrower: borrowerName(user),
              phone: maskPhone(user.mobile),
              before: (before?.limit as string | null | undefined) ?? null,
              after: payload.limit as string,
            }
          : null;
      }
      case 'setting.loan_rates':
      case 'setting.payment_channels':
      case 'setting.bank_info':
        return { about: 'setting', changes: settingChanges(before, payload.value) };
      case 'operator.roles':
        return {
          about: 'roles',
          username: idOf(row.target),
          before: (before?.roles as OperatorRole[] | undefined) ?? [],
          after: payload.roles as OperatorRole[],
        };
      case 'operator.disable':
        return account(row, 'disable');
      case 'operator.totp':
        return account(row, 'totp');
      case 'operator.confirm':
        return account(row, (payload as { confirmation: Confirmation }).confirmation);
      case 'difference.refund':
        return {
          about: 'refund',
          order_no: String(before?.order_no ?? ''),
          amount: payload.amount as string,
          payment_no: payload.payment_no as string,
          trade_no: (payload.trade_no as string | null | undefined) ?? null,
        };
    }
  };
  return new Map(rows.map((row) => [row.id, subjectOf(row)]));
}
