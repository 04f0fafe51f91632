import { APPROVAL_KINDS, type ApprovalKind } from '@instalment/contract/api';
import { commandOf, requiredCommand } from '../../../src/console/approvals/commands';
import { formatTarget, parseTarget, type Target } from '../../../src/services/targets';

/** A well-formed target and payload of each kind, as the services ask for them. */
const ASKED: Record<ApprovalKind, { target: string; payload: Record<string, unknown> }> = {
  'loan.disburse': { target: 'loan:L2026001', payload: { bank_ref: 'B-1' } },
  'voucher.confirm': { target: 'voucher:7', payload: { bank_ref: 'B-2' } },
  'credit.limit': { target: 'user:3', payload: { limit: '5000.00' } },
  'setting.loan_rates': { target: 'setting:loan_rates', payload: { value: { terms: [] } } },
  'setting.payment_channels': { target: 'setting:payment_channels', payload: { value: [] } },
  'setting.bank_info': { target: 'setting:bank_info', payload: { value: { name: 'ICBC' } } },
  'difference.refund': { target: 'difference:4', payload: { amount: '12.00', payment_no: 'P1', trade_no: null, refund_no: 'RP1' } },
  'difference.apply': { target: 'difference:4', payload: { amount: '12.00', payment_no: 'P1', at_price_shown: true } },
  'operator.roles': { target: 'operator:ana', payload: { roles: ['reviewer', 'finance'] } },
  'operator.disable': { target: 'operator:ana', payload: {} },
  'operator.enable': { target: 'operator:ana', payload: {} },
  'operator.totp': { target: 'operator:ana', payload: {} },
  'operator.confirm': { target: 'operator:ana', payload: { confirmation: 'confirm-totp' } },
};

/** A payload of each kind that is not of its shape: a field missing or of the wrong type. */
const MALFORMED: Record<ApprovalKind, unknown> = {
  'loan.disburse': { bank_ref: 12 },
  'voucher.confirm': {},
  'credit.limit': { limit: 5000 },
  'setting.loan_rates': {},
  'setting.payment_channels': { values: [] },
  'setting.bank_info': null,
  'difference.refund': { amount: '12.00', trade_no: null },
  'difference.apply': { amount: '12.00', payment_no: 'P1', at_price_shown: 'yes' },
  'operator.roles': { roles: ['owner'] },
  'operator.disable': null,
  'operator.enable': 'enable',
  'operator.totp': [],
  'operator.confirm': { confirmation: 'confirm-later' },
};

const kinds = Object.keys(APPROVAL_KINDS) as ApprovalKind[];

test('every kind of approval has its cases here', () => {
  expect(Object.keys(ASKED).sort()).toEqual([...kinds].sort());
  expect(Object.keys(MALFORMED).sort()).toEqual([...kinds].sort());
});

test.each(kinds)('%s: a well-formed payload makes its command, with its target as a value', (kind) => {
  const { target, payload } = ASKED[kind];
  const command = commandOf(kind, target, payload);
  expect(command).toEqual({ kind, target: parseTarget(target), payload });
  expect(formatTarget(command!.target)).toBe(target);
});

test.each(kinds)('%s: a payload not of its shape is refused', (kind) => {
  expect(commandOf(kind, ASKED[kind].target, MALFORMED[kind])).toBeNull();
  expect(() => requiredCommand(kind, ASKED[kind].target, MALFORMED[kind])).toThrow(kind);
});

test('a target of another kind than the command names is refused', () => {
  expect(commandOf('loan.disburse', 'voucher:7', { bank_ref: 'B-1' })).toBeNull();
  expect(commandOf('credit.limit', 'user:x', { limit: '1.00' })).toBeNull();
  // A setting's approval changes the setting its kind names.
  expect(commandOf('setting.loan_rates', 'setting:bank_info', { value: {} })).toBeNull();
  expect(commandOf('operator.disable', 'ana', {})).toBeNull();
});

test('a target goes to its stored form and back', () => {
  const targets: Target[] = [
    { kind: 'loan', orderNo: 'L2026001' },
    { kind: 'proof', id: 7 },
    { kind: 'user', id: 3 },
    { kind: 'operator', username: 'ana:b' },
    { kind: 'setting', key: 'payment_channels' },
    { kind: 'difference', id: 4 },
  ];
  for (const target of targets) expect(parseTarget(formatTarget(target))).toEqual(target);
  // A proof is stored under the table's name, as every audit row before it was.
  expect(formatTarget({ kind: 'proof', id: 7 })).toBe('voucher:7');
});

test('a stored string that names no target reads as none', () => {
  for (const stored of ['approvals', 'settings', 'loan:', 'proof:7', 'voucher:seven', 'setting:colour', ':3']) {
    expect(parseTarget(stored)).toBeNull();
  }
});
