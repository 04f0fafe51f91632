import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { instalment } from '@instalment/testing/fixtures';
import { RATES } from '../testing/fixtures';
import OverdueImpact from './OverdueImpact';

describe('OverdueImpact', () => {
  it('explains the penalty rule with a worked example to a visitor', async () => {
    const test = createTestHost();
    test.api.loan.loanRates.mockResolvedValue(RATES);
    renderWithHost(test.host, <OverdueImpact query={{}} />);

    expect(await screen.findByText(/costs a penalty of 0\.05% of its principal and interest for every day/)).toBeInTheDocument();
    expect(screen.getByText(/You have 3 days of grace/)).toBeInTheDocument();
    // 1000.00 · 5 bp · 10 days = 1000 · 0.0005 · 10 = 5.00
    expect(
      screen.getByText('An instalment of ¥1,000.00 paid 10 days late costs a penalty of ¥5.00, so ¥1,005.00 is due instead of ¥1,000.00.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your credit record' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your overdue instalments' })).not.toBeInTheDocument();
    expect(test.api.portfolio.overdueLoans).not.toHaveBeenCalled();
  });

  it("lists a borrower's overdue instalments across their loans from one request", async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.loanRates.mockResolvedValue(RATES);
    test.api.portfolio.overdueLoans.mockResolvedValue({
      list: [
        {
          order_no: 'L20250011',
          amount: '11000.00',
          instalments: [
            instalment(2, { status: 'overdue', overdue_days: 12, penalty: '6.18', total: '1036.18' }),
            instalment(3, { status: 'overdue', overdue_days: 4, penalty: '2.06', total: '1032.06' }),
          ],
        },
      ],
      total_penalty: '8.24',
    });
    renderWithHost(test.host, <OverdueImpact query={{}} />);

    const mine = (await screen.findByRole('heading', { name: 'Your overdue instalments' })).parentElement!;
    expect(await within(mine).findByText('Period 2, due 2025-03-10: 12 days overdue')).toBeInTheDocument();
    expect(within(mine).getByText('Period 3, due 2025-04-10: 4 days overdue')).toBeInTheDocument();
    expect(mine).not.toHaveTextContent('Period 1,');
    expect(mine).toHaveTextContent('Penalty so far¥6.18');
    expect(mine).toHaveTextContent('Penalty so far on all your loans: ¥8.24');
    expect(test.api.portfolio.overdueLoans).toHaveBeenCalledTimes(1);
    expect(test.api.portfolio.overdueLoans).toHaveBeenCalledWith({ loading: false, toast: false });

    await userEvent.setup().click(within(mine).getByRole('button', { name: 'Repay now' }));
    expect(test.navigate).toHaveBeenCalledWith('/pages/payment/repay', { order_no: 'L20250011' });
  });

  it('a failed load of the overdue instalments says why and retries on request', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.loanRates.mockResolvedValue(RATES);
    test.api.portfolio.overdueLoans
      .mockRejectedValueOnce(new ApiError('The server is busy.', 0))
      .mockResolvedValue({ list: [], total_penalty: '0.00' });
    renderWithHost(test.host, <OverdueImpact query={{}} />);

    const mine = (await screen.findByRole('heading', { name: 'Your overdue instalments' })).parentElement!;
    expect(await within(mine).findByText('The server is busy.')).toBeInTheDocument();
    await userEvent.setup().click(within(mine).getByRole('button', { name: 'retry' }));
    expect(await within(mine).findByText('You have no overdue instalments. Thank you for paying on time.')).toBeInTheDocument();
  });

  it('thanks a borrower with nothing overdue, and follows the session', async () => {
    const test = createTestHost();
    test.api.loan.loanRates.mockResolvedValue(RATES);
    test.api.portfolio.overdueLoans.mockResolvedValue({ list: [], total_penalty: '0.00' });
    renderWithHost(test.host, <OverdueImpact query={{}} />);
    await screen.findByText(/You have 3 days of grace/);

    act(() => {
      test.host.session.setLogin({
        token: 't',
        expiretime: 0,
        expires_in: 0,
        id: 1,
        user_id: 1,
        username: 'u',
        nickname: 'u',
        mobile: '',
        avatar: '',
        score: 0,
        money: '0.00',
        createtime: 0,
      });
    });
    expect(await screen.findByText('You have no overdue instalments. Thank you for paying on time.')).toBeInTheDocument();
  });
});
