import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Autopay } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { autopayAgreement, detail, instalment } from '@instalment/testing/fixtures';
import LoanDetail from './LoanDetail';

/** The loan's page and automatic repayment (issue 52): the way to it, and the instalments it paid. */
const loan = detail({ order_no: 'L20250003', status: 'repaying' });

function setup(answer: Autopay, locale: 'en' | 'zh-CN' = 'en') {
  const test = createTestHost({ loggedIn: true, locale });
  test.api.loan.orderDetail.mockResolvedValue(loan);
  test.api.loan.installments.mockResolvedValue({
    order_no: loan.order_no,
    list: [
      { ...instalment(1, { status: 'paid', paid_at: '2025-02-10T03:00:00.000Z' }), paid_by_autopay: true },
      { ...instalment(2, { status: 'paid', paid_at: '2025-03-09T03:00:00.000Z' }), paid_by_autopay: false },
      { ...instalment(3, { status: 'unpaid' }), paid_by_autopay: false },
    ],
  });
  test.api.loan.payoff.mockRejectedValue(new Error('not asked here'));
  test.api.autopay.autopay.mockResolvedValue(answer);
  renderWithHost(test.host, <LoanDetail query={{ order_no: loan.order_no }} />);
  return test;
}

const instalmentItems = async () =>
  within((await screen.findByRole('heading', { name: /^(Instalments|还款计划)$/ })).nextElementSibling as HTMLElement).getAllByRole(
    'listitem',
  );

describe('LoanDetail and automatic repayment', () => {
  it('offers "Repay automatically", which opens the autopay page', async () => {
    const { navigate } = setup(autopayAgreement({ state: 'none' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Repay automatically' }));

    expect(navigate).toHaveBeenCalledWith('/pages/payment/autopay');
  });

  it('reads "Autopay on" while the agreement is active', async () => {
    setup(autopayAgreement({ state: 'active' }));

    expect(await screen.findByRole('button', { name: 'Autopay on' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repay automatically' })).not.toBeInTheDocument();
  });

  it('an instalment an autopay charge paid reads "charged automatically"; one paid by hand does not', async () => {
    setup(autopayAgreement({ state: 'active' }));

    const [first, second] = await instalmentItems();
    expect(first).toHaveTextContent('charged automatically');
    expect(second).not.toHaveTextContent('charged automatically');
  });

  it('says so in Chinese', async () => {
    setup(autopayAgreement({ state: 'none' }), 'zh-CN');

    expect(await screen.findByRole('button', { name: '自动还款' })).toBeInTheDocument();
    expect((await instalmentItems())[0]).toHaveTextContent('自动扣款');
  });
});
