import type { ApprovalKind } from '@instalment/contract/api';
import { Money, OperatorRole } from '@instalment/contract/api/schemas';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { parseTarget, type Target, type TargetKind } from '../../services/targets';

const BankRef = Type.Object({ bank_ref: Type.String() });
const Nothing = Type.Object({});
/**
 * A setting's new value is judged by the setting's own shape (`checkSetting`) when it is asked for
 * and again when it is carried out, with the refusal that names the setting.
 */
const SettingValue = Type.Object({ value: Type.Unknown() });

/**
 * Every kind of change a second operator approves: what it is about (`target`) and what the
 * maker asked (`payload`, as stored in the approval's row and answered with it).
 */
const COMMANDS = {
  'loan.disburse': { target: 'loan', payload: BankRef },
  'voucher.confirm': { target: 'proof', payload: BankRef },
  'credit.limit': { target: 'user', payload: Type.Object({ limit: Money }) },
  'setting.loan_rates': { target: 'setting', payload: SettingValue },
  'setting.payment_channels': { target: 'setting', payload: SettingValue },
  'setting.bank_info': { target: 'setting', payload: SettingValue },
  'difference.refund': {
    target: 'difference',
    payload: Type.Object({
      amount: Money,
      payment_no: Type.String(),
      trade_no: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      refund_no: Type.Optional(Type.String()),
    }),
  },
  'difference.apply': {
    target: 'difference',
    payload: Type.Object({ amount: Money, payment_no: Type.String(), at_price_shown: Type.Boolean() }),
  },
  'operator.roles': { target: 'operator', payload: Type.Object({ roles: Type.Array(OperatorRole) }) },
  'operator.disable': { target: 'operator', payload: Nothing },
  'operator.enable': { target: 'operator', payload: Nothing },
  'operator.totp': { target: 'operator', payload: Nothing },
  'operator.confirm': {
    target: 'operator',
    payload: Type.Object({ confirmation: Type.Union([Type.Literal('confirm-new'), Type.Literal('confirm-totp')]) }),
  },
} as const satisfies Record<ApprovalKind, { target: TargetKind; payload: TSchema }>;

type Commands = typeof COMMANDS;

/** One change asked of a second operator, its payload and target typed by its kind. */
export type ApprovalCommand = {
  [K in ApprovalKind]: {
    kind: K;
    target: Extract<Target, { kind: Commands[K]['target'] }>;
    payload: Static<Commands[K]['payload']>;
  };
}[ApprovalKind];

export type CommandOf<K extends ApprovalKind> = Extract<ApprovalCommand, { kind: K }>;

/**
 * The command an approval's kind, stored target and payload make, or null when they make none: a
 * target of another kind (a setting's approval names its own setting), a payload not of its
 * kind's shape. Keys beyond the shape are kept: the payload is answered as it was asked.
 */
export function commandOf(kind: ApprovalKind, target: string, payload: unknown): ApprovalCommand | null {
  const spec: { target: TargetKind; payload: TSchema } | undefined = (COMMANDS as Record<string, { target: TargetKind; payload: TSchema }>)[
    kind
  ];
  const about = parseTarget(target);
  if (spec === undefined || about === null || about.kind !== spec.target) return null;
  if (about.kind === 'setting' && kind !== `setting.${about.key}`) return null;
  if (!Value.Check(spec.payload, payload)) return null;
  return { kind, target: about, payload } as ApprovalCommand;
}

/** The command or, when the parts make none, the error of a service that asked for what no approval can carry. */
export function requiredCommand(kind: ApprovalKind, target: string, payload: unknown): ApprovalCommand {
  const command = commandOf(kind, target, payload);
  if (command === null) throw new Error(`An approval of ${kind} for ${target} with this payload is malformed`);
  return command;
}
