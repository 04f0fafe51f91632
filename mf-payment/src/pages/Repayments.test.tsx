import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DueLoan } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import Repayments from './Repayments';

/** A loan as the server's due list has it: by default repaying, its next instalment (period 2) owed. */
function due(order_no: string, next_due_date: string, extra: Partial<DueLoan> = {}): DueLoan {
  return {
    order_no,
    amount: '3000.00',
    term: 12,
    status: 'repaying',
    status_label: 'repaying',
    created_at: '2025-10-01T00:00:00.000Z',
    next_due_date,
    next_due_amount: '300.00',
    remaining_principal: '2000.00',
    owed: '300.00',
    owed_periods: [2],
    overdue_days: 0,
    penalty: '0.00',
    under_review: false,
    ...extra,
  };
}

/** Three instalments overdue: all of them, penalties included, are owed now. */
const OVERDUE = due('L-overdue', '2026-03-01', {
  status: 'overdue',
  status_label: 'overdue',
  owed: '5224.27',
  owed_periods: [1, 2, 3],
  overdue_days: 40,
  penalty: '25.27',
});

function setup(loads: DueLoan[][]) {
  const { host, api, navigate } = createTestHost({ loggedIn: true });
  let load = 0;
  const dueLoans = api.portfolio.dueLoans.mockImplementation(async () => ({ list: loads[Math.min(load, loads.length - 1)] }));
  renderPage(Repayments, host);
  return { host, dueLoans, navigate, nextLoad: () => (load += 1) };
}

describe('Repayments', () => {
  it('lists every loan with something due in one request, in the order given, overdue marked with days and penalty', async () => {
    const { dueLoans } = setup([[OVERDUE, due('L-soon', '2026-04-02'), due('L-later', '2026-05-10')]]);

    const cards = await screen.findAllByRole('listitem');
    expect(dueLoans).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Loans with instalments due: 3' })).toBeInTheDocument();
    expect(cards.map((card) => within(card).getByText(/^Order no\./).textContent)).toEqual([
      'Order no. L-overdue',
      'Order no. L-soon',
      'Order no. L-later',
    ]);
    expect(within(cards[0]).getByText('Overdue 40 days · Penalty ¥25.27')).toBeInTheDocument();
    expect(within(cards[1]).queryByText(/Overdue \d+ days/)).not.toBeInTheDocument();
  });

  it('the headline is what is owed now: every overdue instalment with its penalty, or else the next one', async () => {
    setup([[OVERDUE, due('L-soon', '2026-04-02'), due('L-review', '2026-05-02', { under_review: true })]]);
    const cards = await screen.findAllByRole('listitem');
    expect(within(cards[0]).getByText('¥5,224.27')).toBeInTheDocument();
    expect(within(cards[0]).getByText(/Period 1, Period 2, Period 3/)).toBeInTheDocument();
    expect(within(cards[1]).getByText('¥300.00')).toBeInTheDocument();
    expect(within(cards[1]).getByText(/Period 2 ·/)).toBeInTheDocument();
    // Under review is not owed: the next instalment is.
    expect(within(cards[2]).getByText(/^Period 2 ·/)).toBeInTheDocument();
    expect(within(cards[2]).getByText('proof under review')).toBeInTheDocument();
  });

  it('each loan leads to repay and to the proof upload', async () => {
    const user = userEvent.setup();
    const { navigate } = setup([[due('L7', '2026-04-02')]]);
    await user.click(await screen.findByRole('button', { name: 'Repay loan L7' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/payment/repay', { order_no: 'L7' });
    await user.click(screen.getByRole('button', { name: 'Upload payment proof for loan L7' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/payment/upload', { order_no: 'L7' });
  });

  it('says so when nothing is due', async () => {
    setup([[]]);
    expect(await screen.findByText(/Nothing to repay right now/)).toBeInTheDocument();
  });

  it('a failed load says why and retries on request', async () => {
    const user = userEvent.setup();
    const { host, api } = createTestHost({ loggedIn: true });
    api.portfolio.dueLoans
      .mockRejectedValueOnce(new ApiError('The server is busy.', 0))
      .mockResolvedValue({ list: [due('L1', '2026-04-02')] });
    renderPage(Repayments, host);
    expect(await screen.findByText('The server is busy.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });

  it('tapping the tab while on it loads the list again', async () => {
    const { host, dueLoans, nextLoad } = setup([[due('L1', '2026-04-02')], [due('L1', '2026-04-02'), due('L2', '2026-04-20')]]);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);

    nextLoad();
    act(() => {
      host.tabTap.emit();
    });

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(dueLoans).toHaveBeenCalledTimes(2);
  });
});
