import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InstalmentsResult, LoanSummary, MyLoansPage } from '@instalment/shared/api';
import { createTestHost, instalment, page, renderPage, summary } from '@instalment/shared/testing';
import Repayments from './Repayments';

/** A loan of 3,000.00 with 2,000.00 still to repay. */
function loan(
  order_no: string,
  status: LoanSummary['status'],
  next_due_date: string | null,
  next_due_amount: string | null = '300.00',
): LoanSummary {
  return summary(3, {
    order_no,
    status,
    status_label: status,
    created_at: '2025-10-01T00:00:00.000Z',
    next_due_date,
    next_due_amount: next_due_date ? next_due_amount : null,
    remaining_principal: '2000.00',
  });
}

/** Nothing overdue: the next instalment is what is owed. */
const SCHEDULE_DUE = [
  instalment(1, { status: 'paid', total: '300.00' }),
  instalment(2, { status: 'unpaid', total: '300.00' }),
  instalment(3, { status: 'unpaid', total: '300.00' }),
];
/** Three overdue instalments: all of them, penalties included, are owed now. */
const SCHEDULE_OVERDUE = [
  instalment(1, { status: 'overdue', total: '1767.67', penalty: '17.67', overdue_days: 40 }),
  instalment(2, { status: 'overdue', total: '1742.12', penalty: '7.12', overdue_days: 12 }),
  instalment(3, { status: 'overdue', total: '1714.48', penalty: '0.48', overdue_days: 1 }),
  instalment(4, { status: 'unpaid', total: '1734.00' }),
];
const schedules: Record<string, InstalmentsResult['list']> = {
  'L-overdue': SCHEDULE_OVERDUE,
  'L-review': [
    instalment(1, { status: 'unpaid', total: '300.00', under_review: true }),
    instalment(2, { status: 'unpaid', total: '300.00' }),
  ],
};

function setup(pages: MyLoansPage[][]) {
  const { host, api, navigate } = createTestHost({ loggedIn: true });
  let load = 0;
  const myLoans = api.loan.myLoans.mockImplementation(
    async ({ page: pageNo = 1 }: { page?: number } = {}) => pages[Math.min(load, pages.length - 1)][pageNo - 1],
  );
  api.loan.installments.mockImplementation(async ({ order_no }: { order_no: string }): Promise<InstalmentsResult> => ({
    order_no,
    list: schedules[order_no] ?? SCHEDULE_DUE,
  }));
  renderPage(Repayments, host);
  return { host, myLoans, navigate, nextLoad: () => (load += 1) };
}

describe('Repayments', () => {
  it('lists every loan with something due across all pages, soonest first, overdue marked with days and penalty', async () => {
    const first = [
      loan('L-later', 'repaying', '2026-05-10'),
      loan('L-pending', 'pending', null),
      ...Array.from({ length: 8 }, (_, i) => loan(`S${i}`, 'settled', null)),
    ];
    const second = [loan('L-overdue', 'overdue', '2026-03-01', '306.00'), loan('L-soon', 'repaying', '2026-04-02')];
    const { myLoans } = setup([[page(first, 12, 1), page(second, 12, 2)]]);

    const cards = await screen.findAllByRole('listitem');
    expect(myLoans).toHaveBeenCalledTimes(2);
    expect(cards.map((card) => within(card).getByText(/^Order no\./).textContent)).toEqual([
      'Order no. L-overdue',
      'Order no. L-soon',
      'Order no. L-later',
    ]);
    expect(within(cards[0]).getByText('Overdue 40 days · Penalty ¥25.27')).toBeInTheDocument();
    expect(within(cards[1]).queryByText(/Overdue \d+ days/)).not.toBeInTheDocument();
  });

  it('the headline is what is owed now: every overdue instalment with its penalty, or else the next one', async () => {
    setup([
      [
        page(
          [
            loan('L-overdue', 'overdue', '2026-03-01', '1767.67'),
            loan('L-soon', 'repaying', '2026-04-02'),
            loan('L-review', 'repaying', '2026-05-02'),
          ],
          3,
          1,
        ),
      ],
    ]);
    const cards = await screen.findAllByRole('listitem');
    // 1,767.67 + 1,742.12 + 1,714.48, not period 1 alone.
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
      [page([loan('L1', 'repaying', '2026-04-02'), loan('L2', 'repaying', '2026-04-20')], 2, 1)],
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
