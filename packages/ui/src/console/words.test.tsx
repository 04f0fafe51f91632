import { screen } from '@testing-library/react';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { useConsoleWords } from './words';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');

/** The words of a few codes, as a console page shows them. */
function Shown() {
  const words = useConsoleWords();
  return (
    <ul>
      <li>{words.action('loan.approve')}</li>
      <li>{words.action('loans.archive')}</li>
      <li>{words.outcome('refused')}</li>
      <li>{words.kind('setting.loan_rates')}</li>
      <li>{words.paymentState('superseded')}</li>
      <li>{words.paymentState('refunded')}</li>
      <li>{words.paymentState('partly_refunded')}</li>
      <li>{words.paymentState('credited')}</li>
      <li>{words.proofStatus('approved')}</li>
      <li>{words.instalmentStatus('overdue')}</li>
      <li>{words.age('2026-11-26T11:15:00.000Z', NOW)}</li>
      <li>{words.age('2026-11-26T09:00:00.000Z', NOW)}</li>
      <li>{words.age('2026-11-23T12:00:00.000Z', NOW)}</li>
    </ul>
  );
}

const shownIn = (locale: 'en' | 'zh-CN') => {
  renderWithHost(createTestHost({ locale }).host, <Shown />);
  return screen.getAllByRole('listitem').map((item) => item.textContent);
};

test('the console’s codes read in English, an action the catalogue does not know as its code', () => {
  expect(shownIn('en')).toEqual([
    'Loan approved',
    'loans.archive',
    'Refused',
    'Change the loan rates',
    'Replaced by a newer payment',
    'Refunded',
    'Partly refunded',
    'Paid (difference applied)',
    'confirmed',
    'overdue',
    '45 min ago',
    '3 h ago',
    '3 d ago',
  ]);
});

test('and in Chinese', () => {
  expect(shownIn('zh-CN')).toEqual([
    '批准借款',
    'loans.archive',
    '已拒绝',
    '修改借款利率',
    '已被新的支付取代',
    '已退款',
    '部分退款',
    '已支付（差异款已抵扣）',
    '已确认',
    '逾期',
    '45 分钟前',
    '3 小时前',
    '3 天前',
  ]);
});

/** What audit rows are about, and the channels payments came through, as the audit and payments screens show them. */
function Targets() {
  const words = useConsoleWords();
  return (
    <ul>
      {['loan:L20261125000002', 'user:7', 'setting:loan_rates', 'reports:daily:2026-11-25', 'reports:overdue', 'payments', 'gadget:1'].map(
        (code) => (
          <li key={code}>{words.target(code)}</li>
        ),
      )}
      {['alipay', 'transfer', 'paypal'].map((code) => (
        <li key={code}>{words.channel(code)}</li>
      ))}
    </ul>
  );
}

test('an audit row’s target and a payment’s channel read in Chinese, with their numbers; an unknown one as its code', () => {
  renderWithHost(createTestHost({ locale: 'zh-CN' }).host, <Targets />);
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '借款 L20261125000002',
    '借款人 #7',
    '借款利率',
    '日报 2026-11-25',
    '逾期报表',
    '还款记录',
    'gadget:1',
    '支付宝',
    '银行转账',
    'paypal',
  ]);
});

test('and in English', () => {
  renderWithHost(createTestHost({ locale: 'en' }).host, <Targets />);
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Loan L20261125000002',
    'Borrower #7',
    'Loan rates',
    'Daily report 2026-11-25',
    'Overdue report',
    'Payments',
    'gadget:1',
    'Alipay',
    'Bank transfer',
    'paypal',
  ]);
});
