import type { ApprovalSubject, EditableSetting, OperatorRole, SettingChange } from '@instalment/contract/api';
import { maskPhone } from '@instalment/contract/format';
import { APR_REFERENCE_AMOUNT_FEN, fromFen, parsePeriods, priceAprBp } from '@instalment/contract/loan';
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

type Owner = Pick<SettingChange, 'term' | 'channel'>;
const NO_OWNER: Owner = { term: null, channel: null };

/**
 * The values that differ between two states (of a setting, a loan, an account), each by its path, what it belongs to
 * and its own name. Lists are compared place by place; a value only on one side reads null on
 * the other.
 */
export function valueChanges(before: unknown, after: unknown, path = '', owner: Owner = NO_OWNER): SettingChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => valueChanges(before[index], after[index], `${path}[${index}]`, owner)).flat();
  }
  if ((isRecord(before) || isRecord(after)) && !Array.isArray(before) && !Array.isArray(after)) {
    // One side missing (a term added or taken away) reads field by field against nothing.
    const [was, is] = [isRecord(before) ? before : {}, isRecord(after) ? after : {}];
    const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    return keys.flatMap((key) => valueChanges(was[key], is[key], path ? `${path}.${key}` : key, owner));
  }
  const [was, is] = [leaf(before), leaf(after)];
  const field = path.slice(path.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');
  return was === is ? [] : [{ path, ...owner, field, before: was, after: is }];
}

/** The items of a list, or of the list under `key` of a record. */
const listOf = (value: unknown, key?: string): Record<string, unknown>[] => {
  const list = key !== undefined && isRecord(value) ? value[key] : value;
  return Array.isArray(list) ? list.filter(isRecord) : [];
};

/**
 * The items of two lists matched by their own key (a term by its months, a channel by its code)
 * rather than by place, so that a term inserted before another does not read as every price
 * changing; each with its path on the side that has it.
 */
function matched(before: Record<string, unknown>[], after: Record<string, unknown>[], key: string, path: (index: number) => string) {
  const keyOf = (item: Record<string, unknown>) => JSON.stringify(item[key]);
  const was = new Map(before.map((item, index) => [keyOf(item), { item, index }]));
  const kept = after.map((item, index) => ({ before: was.get(keyOf(item))?.item, after: item, path: path(index) }));
  const afterKeys = new Set(after.map(keyOf));
  const gone = [...was.entries()]
    .filter(([itemKey]) => !afterKeys.has(itemKey))
    .map(([, { item, index }]) => ({ before: item, after: undefined, path: path(index) }));
  return [...kept, ...gone];
}

const aprOf = (term: Record<string, unknown> | undefined) =>
  term ? String(priceAprBp(APR_REFERENCE_AMOUNT_FEN, Number(term.term), Number(term.monthly_rate_bp), Number(term.monthly_fee_bp))) : null;

/**
 * What a change of a setting changes, in the terms of the setting's own structure, so that a
 * checker reads "12 months: monthly rate 0.70 % → 0.65 %, APR 14.9 % → 13.9 %" and "Channel
 * Alipay: enabled → disabled" instead of indexes: the rates' terms by their months, each whose
 * price moves with its APR; the channels by their names; the receiving account field by field.
 */
export function settingChanges(key: EditableSetting, before: unknown, after: unknown): SettingChange[] {
  if (key === 'loan_rates') {
    const { terms: _before, ...restBefore } = isRecord(before) ? before : {};
    const { terms: _after, ...restAfter } = isRecord(after) ? after : {};
    const terms = matched(listOf(before, 'terms'), listOf(after, 'terms'), 'term', (index) => `terms[${index}]`).flatMap((pair) => {
      const owner = { term: Number((pair.after ?? pair.before).term), channel: null };
      const changes = valueChanges(pair.before, pair.after, pair.path, owner);
      const [was, is] = [aprOf(pair.before), aprOf(pair.after)];
      const apr = was === is ? [] : [{ path: `${pair.path}.apr_bp`, ...owner, field: 'apr_bp', before: was, after: is }];
      return [...changes, ...apr];
    });
    return [...valueChanges(restBefore, restAfter, '', NO_OWNER), ...terms];
  }
  if (key === 'payment_channels') {
    return matched(listOf(before), listOf(after), 'code', (index) => `[${index}]`).flatMap((pair) =>
      valueChanges(pair.before, pair.after, pair.path, { term: null, channel: String((pair.after ?? pair.before).name) }),
    );
  }
  return valueChanges(before, after, '', NO_OWNER);
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
  const usernames = [
    ...targetsOf('operator.disable'),
    ...targetsOf('operator.enable'),
    ...targetsOf('operator.totp'),
    ...targetsOf('operator.confirm'),
  ];
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
        return { about: 'setting', changes: settingChanges(idOf(row.target) as EditableSetting, before, payload.value) };
      case 'operator.roles':
        return {
          about: 'roles',
          username: idOf(row.target),
          before: (before?.roles as OperatorRole[] | undefined) ?? [],
          after: payload.roles as OperatorRole[],
        };
      case 'operator.disable':
        return account(row, 'disable');
      case 'operator.enable':
        return account(row, 'enable');
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
      case 'difference.apply':
        return {
          about: 'apply',
          order_no: String(before?.order_no ?? ''),
          amount: payload.amount as string,
          payment_no: payload.payment_no as string,
          at_price_shown: payload.at_price_shown === true,
          asked: String(before?.asked ?? ''),
          due: (before?.due as string | null | undefined) ?? null,
        };
    }
  };
  return new Map(rows.map((row) => [row.id, subjectOf(row)]));
}
