import type { ApprovalKind, OperatorEnrolment } from '@instalment/contract/api';
import { toFen } from '@instalment/contract/loan';
import type { Store } from '../../db/store';
import { OperatorRecords } from '../../repositories/operators';
import { SettingRecords } from '../../repositories/catalogue';
import { UserRecords } from '../../repositories/users';
import type { LoanService } from '../../services/loans';
import type { OperatorAccounts } from '../../services/operator-accounts';
import type { Operator, OperatorService } from '../../services/operators';
import type { Reconciliation } from '../../services/reconciliation';
import { Refusal, sentenceOf } from '../../services/refusals';
import type { ProofService } from '../../services/proofs';
import type { ApprovalCommand, CommandOf } from './commands';
import { heldLoan, loanState } from './loan-state';
import { checkSetting } from './settings';

/**
 * What carrying out an approved command does, in the checker's write (`checker`: who carries it
 * out); answers the state after it, for the audit. `handOver` gives the checker an enrolment code
 * to pass on, which the audit never keeps.
 */
export type Effect<C extends ApprovalCommand = ApprovalCommand> = (
  tx: Store,
  command: C,
  checker: Operator,
  handOver: (enrolment: OperatorEnrolment) => void,
) => Promise<unknown>;

export type Effects = { [K in ApprovalKind]: Effect<CommandOf<K>> };

/** What the effects change through: the composition's services (`accounts` once it is made, as it asks the approvals too). */
export interface EffectServices {
  loans: LoanService;
  vouchers: ProofService;
  reconciliation: Reconciliation;
  operators: OperatorService;
  accounts: () => OperatorAccounts;
}

/** What each kind of approval does once a second operator approves it. */
export function approvalEffects({ loans, vouchers, reconciliation, operators, accounts }: EffectServices): Effects {
  const setting: Effect<CommandOf<Extract<ApprovalKind, `setting.${string}`>>> = async (tx, { target, payload }) => {
    const { value } = checkSetting(target.key, payload.value);
    await new SettingRecords(tx).write(target.key, value);
    return value;
  };
  return {
    'loan.disburse': (tx, { target, payload }) =>
      heldLoan(loans, tx, target.orderNo, async (held) => loanState(await held.disburse(target.orderNo, payload.bank_ref))),
    'voucher.confirm': async (tx, { target, payload }) => ({
      status: await vouchers.on(tx).review(target.id, 'approve', { bank_ref: payload.bank_ref }),
      bank_ref: payload.bank_ref,
    }),
    'credit.limit': async (tx, { target, payload }) => {
      await new UserRecords(tx).setCreditLimit(target.id, toFen(payload.limit));
      return { limit: payload.limit };
    },
    'setting.loan_rates': setting,
    'setting.payment_channels': setting,
    'setting.bank_info': setting,
    'difference.refund': (tx, { target }, checker) => reconciliation.refund(tx, target.id, checker),
    'difference.apply': (tx, { target, payload }, checker) => reconciliation.apply(tx, target.id, checker, payload.at_price_shown),
    'operator.roles': async (tx, { target, payload }) => {
      if ((await new OperatorRecords(tx).setRoles(target.username, payload.roles.join(','))) === null)
        throw new Refusal(sentenceOf('operatorNotFound'));
      return { roles: payload.roles };
    },
    'operator.disable': async (tx, { target }) => {
      if (!(await operators.disable(target.username, tx))) throw new Refusal(sentenceOf('operatorNotFound'));
      return { disabled: true };
    },
    'operator.enable': async (tx, { target }) => {
      if (!(await operators.enable(target.username, tx))) throw new Refusal(sentenceOf('operatorNotFound'));
      return { disabled: false };
    },
    // A renewed authenticator's enrolment code goes to the approving admin, to pass on as the one who renewed it.
    'operator.totp': async (tx, { target }, checker, handOver) => {
      handOver(await operators.resetTotp(target.username, checker.username, tx));
      await accounts().askConfirmation(tx, checker, target.username, 'confirm-totp');
      return { totp_reset: true };
    },
    // The account is left as it is: what changes is that the service stops pairing it with its admin.
    'operator.confirm': async () => ({ confirmed: true }),
  };
}

/** Carries out `command` by its kind's effect. */
export const carryOut = (
  effects: Effects,
  tx: Store,
  command: ApprovalCommand,
  checker: Operator,
  handOver: (enrolment: OperatorEnrolment) => void,
) => (effects[command.kind] as Effect)(tx, command, checker, handOver);
