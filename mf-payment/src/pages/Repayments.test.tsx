import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanDetail, LoanSummary, MyLoansPage } from '@instalment/shared/api';
import { renderPage, stubLoan, testHost } from '../testing';
import Repayments from './Repayments';

function loan(order_no: string, status: LoanSummary['status'], next_due_date: string | null, next_due_amount: string | null = '300.00'): LoanSummary {
  return {
    order_no,
    amount: '3000.00',
    term: 12,
    status,
    status_label: status,
    created_at: '2025-10-01T00:00:00.000Z',
    next_due_date,
    next_due_amount: next_due_date ? next_due_amount : null,
    remaining_principal: '2000.00',
  };
}

const page = (list: LoanSummary[], pageNo: number, total: number): MyLoansPage => ({ list, total, page: pageNo, limit: 10 });

function setup(pages: MyLoansPage[][]) {
  const { host, navigate } = testHost();
  let load = 0;
  const myLoans = jest.fn(async ({ page: pageNo = 1 }: { page?: number } = {}) => pages[Math.min(load, pages.length - 1)][pageNo - 1]);
  stubLoan(host, { myLoans, orderDetail: jest.fn(async () => ({ overdue_days: 12, penalty: '18.36' }) as LoanDetail) });
  renderPage(Repayments, host);
  return { host, myLoans, navigate, nextLoad: () => (load += 1) };
}

describe('Repayments', () => {
  it('lists every loan with something due across all pages, soonest first, overdue marked with days and penalty', async () => {
    const first = [loan('L-later', 'repaying', '2026-05-10'), loan('L-pending', 'pending', null), ...Array.from({ length: 8 }, (_, i) => loan(`S${i}`, 'settled', null))];
    const second = [loan('L-overdue', 'overdue', '2026-03-01', '306.00'), loan('L-soon', 'repaying', '2026-04-02')];
    const { myLoans } = setup([[page(first, 1, 12), page(second, 2, 12)]]);

    const cards = await screen.findAllByRole('listitem');
    expect(myLoans).toHaveBeenCalledTimes(2);
    expect(cards.map((card) => within(card).getByText(/^Order no\./).textContent)).toEqual(['Order no. L-overdue', 'Order no. L-soon', 'Order no. L-later']);
    expect(within(cards[0]).getByText('Overdue 12 days · Penalty ¥18.36')).toBeInTheDocument();
    expect(within(cards[1]).queryByText(/Overdue \d+ days/)).not.toBeInTheDocument();
  });

  it('each loan leads to repay and to the proof upload', async () => {
    const user = userEvent.setup();
    const { navigate } = setup([[page([loan('L7', 'repaying', '2026-04-02')], 1, 1)]]);
    await user.click(await screen.findByRole('button', { name: 'Repay loan L7' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/payment/repay', { order_no: 'L7' });
    await user.click(screen.getByRole('button', { name: 'Upload payment proof for loan L7' }));
    expect(navigate).toHaveBeenLastCalledWith('/pages/payment/upload', { order_no: 'L7' });
  });

  it('says so when nothing is due', async () => {
    setup([[page([loan('L1', 'settled', null)], 1, 1)]]);
    expect(await screen.findByText(/Nothing to repay right now/)).toBeInTheDocument();
  });

  it('tapping the tab while on it loads the list again', async () => {
    const { host, myLoans, nextLoad } = setup([
      [page([loan('L1', 'repaying', '2026-04-02')], 1, 1)],
      [page([loan('L1', 'repaying', '2026-04-02'), loan('L2', 'repaying', '2026-04-20')], 1, 2)],
    ]);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);

    nextLoad();
    act(() => {
      host.tabTap.emit();
    });

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(myLoans).toHaveBeenCalledTimes(2);
  });
});
