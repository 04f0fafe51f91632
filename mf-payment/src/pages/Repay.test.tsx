import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentState } from '@instalment/contract/api';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { schedule } from '../testing/fixtures';
import Repay from './Repay';

function setup(query: Record<string, string> = { order_no: 'L100' }, payment: Partial<PaymentState> = {}) {
  const { host, api, navigate } = createTestHost({ loggedIn: true });
  const installments = api.loan.installments.mockImplementation(async () => schedule());
  const paymentState = api.loan.paymentState.mockImplementation(async (): Promise<PaymentState> => ({
    payment_no: 'P9',
    order_no: 'L100',
    periods: [2],
    payoff: false,
    amount: '306.00',
    status: 'paid',
    state: payment.status ?? 'paid',
    refunded: null,
    paid_at: null,
    ...payment,
  }));
  const { unmount } = renderPage(Repay, host, query);
  return { installments, paymentState, navigate, unmount };
}

const box = (period: number) => screen.getByRole('checkbox', { name: new RegExp(`^Period ${period},`) });

describe('Repay', () => {
  it('opens with what is due now: the overdue instalment, which is the earliest unpaid', async () => {
    setup();
    await waitFor(() => expect(box(2)).toBeChecked());
    expect(box(1)).toBeDisabled();
    expect(box(3)).not.toBeChecked();
    expect(screen.getByText('¥306.00', { selector: '[aria-live]' })).toBeInTheDocument();
  });

  it('never leaves a gap: picking a later period takes the ones before it, and says why', async () => {
    const user = userEvent.setup();
    setup();
    await waitFor(() => expect(box(2)).toBeChecked());

    await user.click(box(4));
    expect([box(2), box(3), box(4)].every((input) => (input as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText('Instalments must be paid in order, without skipping one.')).toBeInTheDocument();
    expect(screen.getByText('¥906.00', { selector: '[aria-live]' })).toBeInTheDocument();

    await user.click(box(3));
    expect(box(2)).toBeChecked();
    expect(box(3)).not.toBeChecked();
    expect(box(4)).not.toBeChecked();
  });

  it('the earliest unpaid must be included: unticking it clears the rest, ticking a later one brings it back', async () => {
    const user = userEvent.setup();
    const { navigate } = setup();
    await waitFor(() => expect(box(2)).toBeChecked());

    await user.click(box(2));
    expect(box(2)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'go to cashier' })).toBeDisabled();
    expect(screen.getByText('Choose at least one instalment to pay.')).toBeInTheDocument();

    await user.click(box(3));
    expect(box(2)).toBeChecked();
    expect(box(3)).toBeChecked();
    expect(screen.getByText('The earliest unpaid instalment must be paid first.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'go to cashier' }));
    expect(navigate).toHaveBeenCalledWith('/pages/payment/cashier', { order_no: 'L100', periods: '2,3' });
  });

  it('back from the gateway, shows the outcome and reads the instalments again', async () => {
    const { installments } = setup({ order_no: 'L100', payment_no: 'P9', result: 'success' });
    expect(await screen.findByText('payment successful')).toBeInTheDocument();
    expect(screen.getByText(/P9/)).toBeInTheDocument();
    await waitFor(() => expect(installments).toHaveBeenCalledWith({ order_no: 'L100' }));
  });

  it('back from Alipay (the payment number, no result): the server is asked about the payment before the instalments are read', async () => {
    const { installments, paymentState } = setup({ order_no: 'L100', payment_no: 'P9' });
    expect(await screen.findByText('payment successful')).toBeInTheDocument();
    expect(paymentState.mock.invocationCallOrder[0]).toBeLessThan(installments.mock.invocationCallOrder[0]);
  });

  it('back from Alipay before anything is known: says the payment is not confirmed yet, not that it failed', async () => {
    setup({ order_no: 'L100', payment_no: 'P9' }, { status: 'open' });
    expect(await screen.findByText(/has not confirmed payment P9/)).toBeInTheDocument();
  });

  it('says so when the payment was cancelled or failed', async () => {
    const { unmount } = setup({ order_no: 'L100', payment_no: 'P9', result: 'cancelled' }, { status: 'open' });
    expect(await screen.findByText('payment cancelled')).toBeInTheDocument();
    unmount();
    setup({ order_no: 'L100', payment_no: 'P9', result: 'failed' }, { status: 'void' });
    expect(await screen.findByText('payment failed')).toBeInTheDocument();
  });

  it('believes the server, not the address: a "success" the server has not recorded is not shown as paid', async () => {
    setup({ order_no: 'L100', payment_no: 'P9', result: 'success' }, { status: 'open' });
    expect(await screen.findByText('payment not confirmed')).toBeInTheDocument();
    expect(screen.queryByText('payment successful')).not.toBeInTheDocument();
  });

  it('a payment refunded since reads refunded, with what went back, not successful', async () => {
    const { unmount } = setup({ order_no: 'L100', payment_no: 'P9' }, { state: 'refunded', refunded: '306.00' });
    expect(await screen.findByText('payment refunded')).toBeInTheDocument();
    expect(
      screen.getByText('Payment P9 could not be credited to your instalments: ¥306.00 went back to where it was paid from.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('payment successful')).not.toBeInTheDocument();
    unmount();
    setup({ order_no: 'L100', payment_no: 'P9' }, { state: 'partly_refunded', refunded: '100.00' });
    expect(await screen.findByText('payment partly refunded')).toBeInTheDocument();
    expect(screen.getByText(/¥100\.00 went back/)).toBeInTheDocument();
  });

  it('a payment whose price changed sends the borrower back to the cashier for the new amount', async () => {
    const user = userEvent.setup();
    const { navigate } = setup({ order_no: 'L100', payment_no: 'P9', result: 'repriced' }, { status: 'repriced', periods: [2, 3] });
    expect(await screen.findByText('the amount changed')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'pay the new amount' }));
    expect(navigate).toHaveBeenCalledWith('/pages/payment/cashier', { order_no: 'L100', periods: '2,3' });
  });
});
