import { act, screen, within } from '@testing-library/react';
import type { Listing, StaffPayment } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import OpsPayments from './OpsPayments';

const PAID: StaffPayment = {
  payment_no: 'P20261125AAAAAAAAAA',
  order_no: 'L20261125000002',
  amount: '1398.48',
  status: 'paid',
  state: 'paid',
  refunded: null,
  channel: 'alipay',
  created_at: '2026-11-25T02:00:00.000Z',
  paid_at: '2026-11-25T02:01:00.000Z',
};

/** Paid at the gateway, credited nothing, and given back whole: its stored status still says paid. */
const REFUNDED: StaffPayment = { ...PAID, payment_no: 'P20261125BBBBBBBBBB', state: 'refunded', refunded: '1398.48' };
const PARTLY: StaffPayment = { ...PAID, payment_no: 'P20261125CCCCCCCCCC', state: 'partly_refunded', refunded: '699.24' };

async function statesShown(locale: 'en' | 'zh-CN') {
  const { host } = createTestHost({ locale });
  const listing: Listing<StaffPayment> = { list: [PAID, REFUNDED, PARTLY], total: 3 };
  jest.spyOn(host.http, 'get').mockResolvedValue(listing);
  renderWithHost(host, <OpsPayments query={{}} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />);
  await act(async () => {});
  const table = screen.getByRole('table');
  const column = within(table)
    .getAllByRole('columnheader')
    .findIndex((cell) => cell.textContent === (locale === 'en' ? 'Status' : '状态'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.children[column].textContent);
}

test('a refunded payment reads refunded, not paid', async () => {
  expect(await statesShown('en')).toEqual(['Paid', 'Refunded', 'Partly refunded']);
});

test('and in Chinese', async () => {
  expect(await statesShown('zh-CN')).toEqual(['已支付', '已退款', '部分退款']);
});
