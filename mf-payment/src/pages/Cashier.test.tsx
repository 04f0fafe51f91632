import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cashier as CashierData, PaymentChannel } from '@instalment/shared/api';
import { leaveFor } from '../gateway';
import { API_BASE, instalment, renderPage, stubLoan, testHost } from '../testing';
import Cashier from './Cashier';

jest.mock('../gateway', () => ({ ...jest.requireActual('../gateway'), leaveFor: jest.fn() }));

const channels: PaymentChannel[] = [
  { code: 'alipay', name: 'Alipay (sandbox)', kind: 'gateway', description: 'Pay with Alipay', enabled: true },
  { code: 'wechat', name: 'WeChat Pay (sandbox)', kind: 'gateway', description: '', enabled: true },
  { code: 'unionpay', name: 'UnionPay', kind: 'gateway', description: '', enabled: false },
  { code: 'transfer', name: 'Bank transfer', kind: 'transfer', description: 'Transfer, then upload the proof', enabled: true },
];

const cashier: CashierData = {
  order_no: 'L100',
  items: [instalment(2, 'overdue', '306.00'), instalment(3, 'unpaid', '300.00')],
  total: '606.00',
  channels,
  payment_no: 'P42',
  pay_url: '/sandbox/pay?payment_no=P42',
  expires_at: '2026-03-01T10:00:00.000Z',
};

function setup() {
  const { host, navigate } = testHost();
  const cashierCall = jest.fn(async () => cashier);
  stubLoan(host, { cashier: cashierCall, channels: jest.fn(async () => channels) });
  renderPage(Cashier, host, { order_no: 'L100', periods: '2,3' });
  return { cashierCall, navigate };
}

beforeEach(() => jest.mocked(leaveFor).mockClear());

describe('Cashier', () => {
  it('shows the amount due and the instalments for the query it was given', async () => {
    const { cashierCall } = setup();
    expect(await screen.findByText('¥606.00')).toBeInTheDocument();
    expect(cashierCall).toHaveBeenCalledWith({ order_no: 'L100', periods: '2,3' });
    expect(screen.getByText(/Period 2/)).toBeInTheDocument();
    expect(screen.getByText(/P42/)).toBeInTheDocument();
  });

  it('offers the enabled gateway channels, and the transfer channel leads to the proof upload', async () => {
    const user = userEvent.setup();
    const { navigate } = setup();
    expect(await screen.findByRole('radio', { name: /Alipay/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /WeChat/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /UnionPay/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Bank transfer/ }));
    expect(navigate).toHaveBeenCalledWith('/pages/payment/upload', { order_no: 'L100', periods: '2,3' });
  });

  it('a double tap on pay starts one payment, on the chosen channel, returning to the repay page', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('radio', { name: /WeChat/ }));
    const pay = screen.getByRole('button', { name: 'pay ¥606.00' });

    fireEvent.click(pay);
    fireEvent.click(pay);
    await user.dblClick(pay);

    expect(leaveFor).toHaveBeenCalledTimes(1);
    const returnUrl = encodeURIComponent('http://app.test/#/pages/payment/repay?order_no=L100');
    expect(leaveFor).toHaveBeenCalledWith(`${API_BASE}/sandbox/pay?payment_no=P42&channel=wechat&return_url=${returnUrl}`);
    expect(screen.getByRole('button', { name: 'Opening the payment page...' })).toBeDisabled();
  });
});
