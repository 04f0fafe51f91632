import { act, screen, within } from '@testing-library/react';
import type { Listing, ConsolePayment } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsolePayments from './ConsolePayments';

const PAID: ConsolePayment = {
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
const REFUNDED: ConsolePayment = { ...PAID, payment_no: 'P20261125BBBBBBBBBB', state: 'refunded', refunded: '1398.48' };
const PARTLY: ConsolePayment = { ...PAID, payment_no: 'P20261125CCCCCCCCCC', state: 'partly_refunded', refunded: '699.24' };

async function statesShown(locale: 'en' | 'zh-CN') {
  const { host } = createTestHost({ locale });
  const listing: Listing<ConsolePayment> = { list: [PAID, REFUNDED, PARTLY], total: 3 };
  jest.spyOn(host.http, 'get').mockResolvedValue(listing);
  renderWithHost(
    host,
    <ConsolePayments query={{}} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
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

test('in Chinese a payment reads its channel in Chinese and its amount with thousands separators, its numbers in one cell', async () => {
  const { host } = createTestHost({ locale: 'zh-CN' });
  jest.spyOn(host.http, 'get').mockResolvedValue({ list: [{ ...PAID, amount: '74000.00' }], total: 1 });
  renderWithHost(
    host,
    <ConsolePayments query={{}} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  const table = screen.getByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const row = within(table).getAllByRole('row')[1].children;
  const cell = (header: string) => row[headers.findIndex((text) => text?.startsWith(header))].textContent;
  expect(cell('支付单 · 订单号')).toBe('P20261125AAAAAAAAAAL20261125000002');
  expect(cell('金额')).toBe('¥74,000.00');
  expect(cell('渠道')).toBe('支付宝');
});
