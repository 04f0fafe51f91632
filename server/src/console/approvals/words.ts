import type { ApprovalSubject, OperatorRole } from '@instalment/contract/api';
import { maskPhone } from '@instalment/contract/format';
import { fromFen, parsePeriods } from '@instalment/contract/loan';
import type { Store } from '../../db/store';
import { rolesOf } from '../../services/operators';
import { settingChanges } from '../../services/setting-changes';
import type { ApprovalCommand } from './commands';

type AccountChange = Extract<ApprovalSubject, { about: 'account' }>['change'];

/** An approval as its words read it: its command, and the state its maker saw. */
export interface Asked {
  id: number;
  command: ApprovalCommand;
  before: Record<string, unknown> | null;
}

const borrowerName = (user: { real_name: string | null; nickname: string }) => user.real_name ?? user.nickname;

/**
 * What each approval of a page is about, in the words a checker reads, read in one query per kind
 * of thing (loans, proofs, borrowers) rather than one per row; by approval id, null where the
 * thing is gone.
 */
export async function approvalSubjects(store: Store, asked: readonly Asked[]): Promise<Map<number, ApprovalSubject | null>> {
  const commands = asked.map(({ command }) => command);
  const orderNos = commands.flatMap(({ target }) => (target.kind === 'loan' ? [target.orderNo] : []));
  const proofIds = commands.flatMap(({ target }) => (target.kind === 'proof' ? [target.id] : []));
  const userIds = commands.flatMap(({ target }) => (target.kind === 'user' ? [target.id] : []));
  // An account's roles are read for the changes that show them; a change of roles shows its own.
  const usernames = commands.flatMap((command) =>
    command.target.kind === 'operator' && command.kind !== 'operator.roles' ? [command.target.username] : [],
  );
  const [loans, proofs, users, operators] = await Promise.all([
    orderNos.length === 0
      ? []
      : store.q
          .selectFrom('loans')
          .innerJoin('users', 'users.id', 'loans.user_id')
          .select(['loans.order_no', 'loans.real_name', 'users.mobile', 'loans.amount_fen', 'loans.term'])
          .where('loans.order_no', 'in', orderNos)
          .execute(),
    proofIds.length === 0
      ? []
      : store.q
          .selectFrom('vouchers')
          .innerJoin('loans', 'loans.id', 'vouchers.loan_id')
          .innerJoin('users', 'users.id', 'loans.user_id')
          .select(['vouchers.id', 'vouchers.periods', 'vouchers.amount_fen', 'loans.order_no', 'loans.real_name', 'users.mobile'])
          .where('vouchers.id', 'in', proofIds)
          .execute(),
    userIds.length === 0
      ? []
      : store.q.selectFrom('users').select(['id', 'real_name', 'nickname', 'mobile']).where('id', 'in', userIds).execute(),
    usernames.length === 0
      ? []
      : store.q.selectFrom('operators').select(['username', 'roles']).where('username', 'in', usernames).execute(),
  ]);
  const loanBy = new Map(loans.map((loan) => [loan.order_no, loan]));
  const proofBy = new Map(proofs.map((proof) => [proof.id, proof]));
  const userBy = new Map(users.map((user) => [user.id, user]));
  const operatorBy = new Map(operators.map((operator) => [operator.username, operator]));
  const account = (username: string, change: AccountChange): ApprovalSubject | null => {
    const operator = operatorBy.get(username);
    return operator ? { about: 'account', username: operator.username, change, roles: rolesOf(operator) } : null;
  };

  const subjectOf = ({ command, before }: Asked): ApprovalSubject | null => {
    switch (command.kind) {
      case 'loan.disburse': {
        const loan = loanBy.get(command.target.orderNo);
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
        const proof = proofBy.get(command.target.id);
        return proof
          ? {
              about: 'proof',
              voucher_id: proof.id,
              borrower: proof.real_name,
              phone: maskPhone(proof.mobile),
              order_no: proof.order_no,
              periods: parsePeriods(proof.periods) ?? [],
              amount: fromFen(proof.amount_fen),
            }
          : null;
      }
      case 'credit.limit': {
        const user = userBy.get(command.target.id);
        return user
          ? {
              about: 'credit',
              borrower: borrowerName(user),
              phone: maskPhone(user.mobile),
              before: (before?.limit as string | null | undefined) ?? null,
              after: command.payload.limit,
            }
          : null;
      }
      case 'setting.loan_rates':
      case 'setting.payment_channels':
      case 'setting.bank_info':
        return { about: 'setting', changes: settingChanges(command.target.key, before, command.payload.value) };
      case 'operator.roles':
        return {
          about: 'roles',
          username: command.target.username,
          before: (before?.roles as OperatorRole[] | undefined) ?? [],
          after: command.payload.roles,
        };
      case 'operator.disable':
        return account(command.target.username, 'disable');
      case 'operator.enable':
        return account(command.target.username, 'enable');
      case 'operator.totp':
        return account(command.target.username, 'totp');
      case 'operator.confirm':
        return account(command.target.username, command.payload.confirmation);
      case 'difference.refund':
        return {
          about: 'refund',
          order_no: String(before?.order_no ?? ''),
          amount: command.payload.amount,
          payment_no: command.payload.payment_no,
          trade_no: command.payload.trade_no ?? null,
        };
      case 'difference.apply':
        return {
          about: 'apply',
          order_no: String(before?.order_no ?? ''),
          amount: command.payload.amount,
          payment_no: command.payload.payment_no,
          at_price_shown: command.payload.at_price_shown,
          asked: String(before?.asked ?? ''),
          due: (before?.due as string | null | undefined) ?? null,
        };
    }
  };
  return new Map(asked.map((one) => [one.id, subjectOf(one)]));
}
