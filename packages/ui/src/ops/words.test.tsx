import { screen } from '@testing-library/react';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { useOpsWords } from './words';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');

/** The words of a few codes, as a console page shows them. */
function Shown() {
  const words = useOpsWords();
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
      <li>{words.voucherStatus('approved')}</li>
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
