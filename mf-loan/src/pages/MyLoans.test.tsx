import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyLoansQuery } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { page, summary } from '@instalment/testing/fixtures';
import MyLoans from './MyLoans';

const TOTAL = 23;
const everyLoan = Array.from({ length: TOTAL }, (_, index) => summary(index + 1));

function setup() {
  const test = createTestHost({ loggedIn: true });
  test.api.loan.myLoans.mockImplementation(async (query?: MyLoansQuery) => {
    const start = ((query?.page ?? 1) - 1) * (query?.limit ?? 10);
    return page(everyLoan.slice(start, start + (query?.limit ?? 10)), TOTAL, query?.page);
  });
  renderWithHost(test.host, <MyLoans query={{}} />);
  return { ...test, loan: test.api.loan, user: userEvent.setup() };
}

const cards = () => screen.getAllByRole('listitem');

describe('MyLoans', () => {
  it('shows each loan with its status, next payment and remaining principal', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.myLoans.mockResolvedValue(
      page(
        [
          summary(12, {
            amount: '12000.00',
            status: 'overdue',
            next_due_date: '2025-03-10',
            next_due_amount: '1066.19',
            remaining_principal: '11053.81',
          }),
          summary(2, { status: 'settled', next_due_date: null, next_due_amount: null, remaining_principal: '0.00' }),
        ],
        2,
      ),
    );
    renderWithHost(test.host, <MyLoans query={{}} />);

    const [overdue, settled] = await screen.findAllByRole('listitem');
    expect(overdue).toHaveTextContent('¥12,000.00');
    expect(overdue).toHaveTextContent('overdue');
    expect(overdue).toHaveTextContent('12 months');
    expect(overdue).toHaveTextContent('Applied on2025-01-10');
    expect(overdue).toHaveTextContent('Next payment¥1,066.19 due 2025-03-10');
    expect(overdue).toHaveTextContent('Remaining principal¥11,053.81');
    expect(settled).toHaveTextContent('settled');
    expect(settled).toHaveTextContent('Next paymentnothing due');

    await userEvent.setup().click(within(overdue).getByRole('link'));
    expect(test.navigate).toHaveBeenCalledWith('/pages/loan/detail', { order_no: 'L20250012' });
    expect(test.api.loan.myLoans).toHaveBeenCalledWith({ page: 1, limit: 10 }, { loading: false, toast: false });
  });

  it('appends pages until the total is reached', async () => {
    const { user, loan } = setup();
    expect(await screen.findAllByRole('listitem')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'load more' }));
    expect(await screen.findByText(/L20250020/)).toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    expect(cards()[0]).toHaveTextContent('¥1,000.00');

    await user.click(screen.getByRole('button', { name: 'load more' }));
    expect(await screen.findByText(/L20250023/)).toBeInTheDocument();
    expect(cards()).toHaveLength(TOTAL);
    expect(screen.getByText('no more')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'load more' })).not.toBeInTheDocument();
    expect(loan.myLoans.mock.calls.map(([query]) => query)).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
    ]);
  });

  it('reloads page 1 on pull-down refresh, replacing what was loaded', async () => {
    const { user, loan, host } = setup();
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'load more' }));
    expect(await screen.findByText(/L20250020/)).toBeInTheDocument();

    loan.myLoans.mockClear();
    await act(async () => {
      await Promise.all(host.refresh.emit());
    });

    expect(loan.myLoans).toHaveBeenCalledTimes(1);
    expect(loan.myLoans).toHaveBeenCalledWith({ page: 1, limit: 10 }, { loading: false, toast: false });
    expect(cards()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'load more' })).toBeInTheDocument();
  });

  it('offers to apply when there are no loans', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.myLoans.mockResolvedValue(page([], 0));
    renderWithHost(test.host, <MyLoans query={{}} />);

    expect(await screen.findByText('You have no loans yet.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply for a loan' }));
    expect(test.navigate).toHaveBeenCalledWith('/pages/loan/apply');
  });
});
