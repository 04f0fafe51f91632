import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { detail, instalment } from '@instalment/testing/fixtures';
import LoanDetail from './LoanDetail';

const overdueLoan = detail({
  order_no: 'L20250003',
  status: 'overdue',
  overdue_days: 12,
  penalty: '6.18',
  vouchers: [
    {
      id: 1,
      order_no: 'L20250003',
      periods: [2],
      amount: '1030.00',
      file_url: '/uploads/p.png',
      remark: 'bank transfer',
      status: 'pending',
      reject_reason: null,
      created_at: '2025-03-20T02:00:00.000Z',
    },
    {
      id: 2,
      order_no: 'L20250003',
      periods: [1],
      amount: '1030.00',
      file_url: '/uploads/q.png',
      remark: '',
      status: 'rejected',
      reject_reason: 'No such transfer on our statement',
      created_at: '2025-02-09T02:00:00.000Z',
    },
  ],
});

const schedule = [
  instalment(1, { status: 'paid', paid_at: '2025-02-09T03:00:00.000Z' }),
  instalment(2, { status: 'overdue', overdue_days: 12, penalty: '6.18', total: '1036.18' }),
  instalment(3, { status: 'unpaid' }),
];

const quote = {
  order_no: 'L20250003',
  as_of: '2025-03-22',
  principal: '2000.00',
  interest: '21.33',
  fee: '0.00',
  penalty: '6.18',
  total: '2027.51',
};

function setup(loan = overdueLoan, list = schedule) {
  const test = createTestHost({ loggedIn: true });
  test.api.loan.orderDetail.mockResolvedValue(loan);
  test.api.loan.installments.mockResolvedValue({ order_no: loan.order_no, list });
  test.api.loan.payoff.mockResolvedValue(quote);
  renderWithHost(test.host, <LoanDetail query={{ order_no: loan.order_no }} />);
  return { ...test, loan: test.api.loan, user: userEvent.setup() };
}

async function waitForItem(period: number) {
  await screen.findByRole('heading', { name: 'Instalments' });
  return instalmentItem(period);
}

function instalmentItem(period: number) {
  const list = screen.getByRole('heading', { name: 'Instalments' }).nextElementSibling as HTMLElement;
  return within(list).getAllByRole('listitem')[period - 1];
}

describe('LoanDetail', () => {
  it("discloses the annual rate and offers to pay the loan off at today's quote", async () => {
    const { user, navigate } = setup();
    expect(await screen.findByText('12.00%')).toBeInTheDocument();
    expect(screen.getByText('Annual percentage rate (APR)')).toBeInTheDocument();
    expect(await screen.findByText('¥2,027.51')).toBeInTheDocument();
    expect(screen.getByText(/today \(2025-03-22\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'pay off now (¥2,027.51)' }));
    expect(navigate).toHaveBeenCalledWith('/pages/payment/cashier', { order_no: 'L20250003', payoff: '1' });
  });

  it('marks an instalment under review and lets the borrower withdraw its proof', async () => {
    const reserved = schedule.map((item) => (item.period === 2 ? { ...item, under_review: true } : item));
    const { user, loan, host } = setup(overdueLoan, reserved);
    expect(await within(await waitForItem(2)).findByText('proof under review')).toBeInTheDocument();
    loan.withdrawProof.mockResolvedValue({ ...overdueLoan.vouchers[0], status: 'withdrawn' });
    await user.click(screen.getByRole('button', { name: 'Withdraw the proof for periods 2' }));
    expect(host.ui.confirm).toHaveBeenCalled();
    expect(loan.withdrawProof).toHaveBeenCalledWith({ voucher_id: 1 });
    expect(loan.orderDetail).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Withdraw the proof for periods 1' })).not.toBeInTheDocument();
  });

  it('shows the summary of the loan', async () => {
    setup();
    expect(await screen.findByText('Loan no. L20250003')).toBeInTheDocument();
    const summary = screen.getByRole('heading', { name: 'Summary' }).parentElement!;
    expect(summary).toHaveTextContent('Statusoverdue');
    expect(summary).toHaveTextContent('Amount¥3,000.00');
    expect(summary).toHaveTextContent('Term3 months');
    expect(summary).toHaveTextContent('Purposetravel');
    expect(summary).toHaveTextContent('Monthly interest rate1.00%');
    expect(summary).toHaveTextContent('Monthly payment¥1,020.07');
    expect(summary).toHaveTextContent('Total repayment¥3,060.20');
    expect(summary).toHaveTextContent('Paid intoBank of China **** **** **** 6789');
    expect(summary).toHaveTextContent('Disbursed on2025-01-10');
    expect(summary).toHaveTextContent('Days overdue12');
    expect(summary).toHaveTextContent('Penalty so far¥6.18');
  });

  it('shows each instalment with its state', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Instalments' });

    const paid = instalmentItem(1);
    expect(paid).toHaveTextContent('Period 1 of 3');
    expect(paid).toHaveTextContent('paid');
    expect(paid).toHaveTextContent('Paid on 2025-02-09');

    const overdue = instalmentItem(2);
    expect(overdue).toHaveTextContent('overdue');
    expect(overdue).toHaveTextContent('Due 2025-03-10');
    expect(overdue).toHaveTextContent('¥1,036.18');
    expect(overdue).toHaveTextContent('12 days overdue · penalty ¥6.18');

    const unpaid = instalmentItem(3);
    expect(unpaid).toHaveTextContent('unpaid');
    expect(unpaid).toHaveTextContent('¥1,030.00');
    expect(unpaid).toHaveTextContent('principal ¥1,000.00 · interest ¥30.00 · fee ¥0.00');
    expect(unpaid).not.toHaveTextContent('Paid on');
    expect(unpaid).not.toHaveTextContent('overdue');
  });

  it('shows payment proofs with their review status', async () => {
    setup();
    const heading = await screen.findByRole('heading', { name: 'Payment proofs' });
    const [pending, rejected] = within(heading.parentElement!).getAllByRole('listitem');
    expect(pending).toHaveTextContent('¥1,030.00 for period 2');
    expect(pending).toHaveTextContent('pending review');
    expect(pending).toHaveTextContent('Uploaded on 2025-03-20');
    expect(rejected).toHaveTextContent('rejected');
    expect(rejected).toHaveTextContent('Not accepted: No such transfer on our statement');
  });

  it('tells the borrower why an application was turned down, and offers no repayment', async () => {
    setup(detail({ status: 'rejected', approved_at: null, disbursed_at: null, reject_reason: 'Income could not be verified' }), []);
    const summary = (await screen.findByRole('heading', { name: 'Summary' })).parentElement!;
    expect(summary).toHaveTextContent('Statusrejected');
    expect(summary).toHaveTextContent('ReasonIncome could not be verified');
    expect(summary).not.toHaveTextContent('Disbursed on');
    expect(screen.queryByRole('button', { name: 'Repay' })).not.toBeInTheDocument();
  });

  it('offers repayment actions for a loan being repaid, and no certificate', async () => {
    const { user, navigate } = setup();
    const actions = await screen.findByRole('navigation', { name: 'What you can do' });
    expect(within(actions).queryByRole('button', { name: 'Settlement certificate' })).not.toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Repay' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/payment/repay', { order_no: 'L20250003' });
    await user.click(within(actions).getByRole('button', { name: 'Upload payment proof' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/payment/upload', { order_no: 'L20250003' });
    await user.click(within(actions).getByRole('button', { name: 'View contract' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/loan/contract', { order_no: 'L20250003' });
    await user.click(within(actions).getByRole('button', { name: 'What being late costs' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/overdue/impact');
  });

  it('offers the settlement certificate once the loan is settled', async () => {
    const settled = detail({ status: 'settled', paid_periods: 3, settled_at: '2025-04-10T02:00:00.000Z', remaining_principal: '0.00' });
    const { user, navigate } = setup(
      settled,
      [1, 2, 3].map((period) => instalment(period, { status: 'paid', paid_at: '2025-04-10T02:00:00.000Z' })),
    );
    const actions = await screen.findByRole('navigation', { name: 'What you can do' });
    expect(within(actions).queryByRole('button', { name: 'Repay' })).not.toBeInTheDocument();
    expect(screen.getByText('2025-04-10', { selector: 'dd' })).toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Settlement certificate' }));
    expect(navigate).toHaveBeenCalledWith('/pages/borrowing/settlement', { order_no: settled.order_no });
  });

  it('reloads the loan and its instalments on pull-down refresh', async () => {
    const { loan, host } = setup();
    await screen.findByRole('heading', { name: 'Instalments' });
    loan.orderDetail.mockResolvedValue({ ...overdueLoan, status: 'repaying', overdue_days: 0 });
    loan.installments.mockResolvedValue({
      order_no: 'L20250003',
      list: [schedule[0], instalment(2, { status: 'paid', paid_at: '2025-03-22T02:00:00.000Z' }), schedule[2]],
    });

    await act(async () => {
      await Promise.all(host.refresh.emit());
    });

    expect(loan.orderDetail).toHaveBeenCalledTimes(2);
    expect(loan.installments).toHaveBeenCalledTimes(2);
    expect(instalmentItem(2)).toHaveTextContent('Paid on 2025-03-22');
    expect(screen.getByRole('heading', { name: 'Summary' }).parentElement).toHaveTextContent('Statusrepaying');
  });

  it('says so when no loan was chosen, without asking the server', async () => {
    const {
      host,
      api: { loan },
    } = createTestHost({ loggedIn: true });
    await act(async () => {
      renderWithHost(host, <LoanDetail query={{}} />);
    });
    expect(screen.getByRole('status')).toHaveTextContent('This loan could not be found. No loan was chosen.');
    expect(loan.orderDetail).not.toHaveBeenCalled();
  });

  it('says so when the server knows no such loan', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.orderDetail.mockRejectedValue(new ApiError('order not found', 0));
    test.api.loan.installments.mockRejectedValue(new ApiError('order not found', 0));
    renderWithHost(test.host, <LoanDetail query={{ order_no: 'NOPE' }} />);
    expect(await screen.findByText(/There is no loan numbered NOPE on your account\./)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to my loans' }));
    expect(test.navigate).toHaveBeenCalledWith('/pages/loan/loan');
  });

  it('offers a retry when the server cannot be reached', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.orderDetail.mockRejectedValueOnce(new ApiError('network connection failed', 'network')).mockResolvedValue(overdueLoan);
    test.api.loan.installments.mockResolvedValue({ order_no: 'L20250003', list: schedule });
    renderWithHost(test.host, <LoanDetail query={{ order_no: 'L20250003' }} />);
    expect(await screen.findByText('network connection failed')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('heading', { name: 'Instalments' })).toBeInTheDocument();
  });
});
