import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cashier as CashierData, PaymentChannel } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { leaveFor } from '../gateway';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { instalment } from '@instalment/testing/fixtures';
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
  payoff: false,
  quote: null,
  items: [instalment(2, { status: 'overdue', total: '306.00' }), instalment(3, { status: 'unpaid', total: '300.00' })],
  total: '606.00',
  channels,
  payment_no: 'P42',
  pay_url: null,
  expires_at: '2026-03-01T10:00:00.000Z',
};

/** What the server answers once a channel is chosen: the gateway's signed page. */
const SIGNED_URL = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&sign=abc';

function setup(
  query: Record<string, string> = { order_no: 'L100', periods: '2,3' },
  answer: (query?: { channel?: string }) => Promise<CashierData> = async (asked) =>
    asked?.channel ? { ...cashier, pay_url: SIGNED_URL } : cashier,
) {
  const { host, api, navigate, ui } = createTestHost({ loggedIn: true });
  const cashierCall = api.loan.cashier.mockImplementation(answer);
  api.loan.channels.mockResolvedValue(channels);
  renderPage(Cashier, host, query);
  return { cashierCall, navigate, ui };
}

beforeEach(() => jest.mocked(leaveFor).mockClear());

describe('Cashier', () => {
  it('shows the amount due and the instalments for the query it was given', async () => {
    const { cashierCall } = setup();
    expect(await screen.findByText('¥606.00')).toBeInTheDocument();
    expect(cashierCall).toHaveBeenCalledWith({ order_no: 'L100', periods: '2,3' }, { toast: false });
    expect(screen.getByText(/Period 2/)).toBeInTheDocument();
    expect(screen.getByText(/P42/)).toBeInTheDocument();
  });

  it('never guesses: opened without periods (after the back button), it opens no payment and sends the borrower to choose', async () => {
    const user = userEvent.setup();
    const { cashierCall, navigate } = setup({ order_no: 'L100' });
    expect(await screen.findByText('Choose the instalments to pay first.')).toBeInTheDocument();
    expect(cashierCall).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'choose instalments' }));
    expect(navigate).toHaveBeenCalledWith('/pages/payment/repay', { order_no: 'L100' }, { replace: true });
  });

  it('an instalment already paid or a settled loan is a state with a way back, not an error to retry', async () => {
    const user = userEvent.setup();
    const { navigate, ui } = setup({ order_no: 'L100', periods: '1' }, async () => {
      throw new ApiError('This loan is settled; there is nothing left to pay.', 0);
    });
    expect(await screen.findByText('This loan is settled; there is nothing left to pay.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(ui.toast).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'back to the loan' }));
    expect(navigate).toHaveBeenCalledWith('/pages/loan/detail', { order_no: 'L100' }, { replace: true });
  });

  it('a payoff shows the quote and asks the server for exactly that', async () => {
    const quote = {
      order_no: 'L100',
      as_of: '2026-03-01',
      principal: '5018.59',
      interest: '17.32',
      fee: '0.00',
      penalty: '0.00',
      total: '5035.91',
    };
    const { cashierCall } = setup({ order_no: 'L100', payoff: '1' }, async () => ({ ...cashier, payoff: true, quote, total: quote.total }));
    expect(await screen.findByText('Pay off the whole loan')).toBeInTheDocument();
    expect(cashierCall).toHaveBeenCalledWith({ order_no: 'L100', payoff: '1' }, { toast: false });
    expect(screen.getByText('Quote for 2026-03-01')).toBeInTheDocument();
    expect(screen.getByText('¥17.32')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'pay ¥5,035.91' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bank transfer/ })).not.toBeInTheDocument();
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
    const { cashierCall } = setup();
    await user.click(await screen.findByRole('radio', { name: /WeChat/ }));
    const pay = screen.getByRole('button', { name: 'pay ¥606.00' });

    fireEvent.click(pay);
    fireEvent.click(pay);
    await user.dblClick(pay);

    expect(await screen.findByRole('button', { name: 'Opening the payment page...' })).toBeDisabled();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    expect(leaveFor).toHaveBeenCalledWith(SIGNED_URL);
    // The server was asked once for the gateway's page, for the chosen channel and the repay page to come back to.
    expect(cashierCall).toHaveBeenCalledTimes(2);
    expect(cashierCall).toHaveBeenLastCalledWith(
      { order_no: 'L100', periods: '2,3', channel: 'wechat', return_url: 'http://app.test/#/pages/payment/repay?order_no=L100' },
      { toast: false },
    );
  });

  it('a payment page that cannot be opened says so, keeps the channel, and pay works again', async () => {
    const user = userEvent.setup();
    let failNext = true;
    const { cashierCall } = setup(undefined, async () => cashier);
    cashierCall.mockImplementation(async (query?: { channel?: string }) => {
      if (query?.channel && failNext) {
        failNext = false;
        throw new ApiError('Network error, please try again.', -1);
      }
      return query?.channel ? { ...cashier, pay_url: SIGNED_URL } : cashier;
    });
    await user.click(await screen.findByRole('radio', { name: /WeChat/ }));
    await user.click(screen.getByRole('button', { name: 'pay ¥606.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error, please try again.');
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /WeChat/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'pay ¥606.00' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(SIGNED_URL));
  });
});
