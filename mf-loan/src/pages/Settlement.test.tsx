import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractInfo } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { detail, instalment } from '@instalment/testing/fixtures';
import Settlement from './Settlement';

const contract: ContractInfo = {
  contract_no: 'C20250003',
  order_no: 'L20250003',
  title: 'Personal consumer instalment loan contract',
  lender: { role: 'lender', name: 'Loan Treasure Microcredit Co., Ltd.', id: '91110000MA0000000X' },
  borrower: { role: 'borrower', name: 'Zhang San', id: '110***********1234' },
  amount: '3000.00',
  term: 3,
  monthly_rate_bp: 100,
  monthly_fee_bp: 0,
  apr_bp: 1200,
  repayment_method: 'equal_instalment',
  signed_at: '2025-01-10T02:00:00.000Z',
  clauses: [],
};

describe('Settlement', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2025, 3, 12, 4)));
  afterEach(() => jest.restoreAllMocks());

  it('issues a printable certificate for a settled loan', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.orderDetail.mockResolvedValue(
      detail({
        order_no: 'L20250003',
        status: 'settled',
        id_card: '110105194912310021',
        settled_at: '2025-04-10T02:00:00.000Z',
        paid_periods: 3,
      }),
    );
    test.api.loan.contractInfo.mockResolvedValue(contract);
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    renderWithHost(test.host, <Settlement query={{ order_no: 'L20250003' }} />);

    const certificate = (await screen.findByRole('heading', { name: 'Certificate of loan settlement' })).parentElement!;
    expect(certificate).toHaveTextContent('Certificate no.: SC-L20250003');
    expect(certificate).toHaveTextContent('BorrowerZhang San');
    expect(certificate).toHaveTextContent('ID card110***********0021');
    expect(certificate).toHaveTextContent('Amount¥3,000.00');
    expect(certificate).toHaveTextContent('Term3 months');
    expect(certificate).toHaveTextContent('Loan date2025-01-10');
    expect(certificate).toHaveTextContent('Settled on2025-04-10');
    expect(certificate).toHaveTextContent('has been repaid in full');
    expect(certificate).toHaveTextContent('Issued by: Loan Treasure Microcredit Co., Ltd.');
    expect(certificate).toHaveTextContent('Issued on 2025-04-12');
    expect(test.api.loan.contractInfo).toHaveBeenCalledWith({ order_no: 'L20250003' }, { loading: false, toast: false });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('explains what is still owed on a loan not settled', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.orderDetail.mockResolvedValue(detail({ order_no: 'L20250003', status: 'overdue', remaining_principal: '2000.00' }));
    test.api.loan.installments.mockResolvedValue({
      order_no: 'L20250003',
      list: [
        instalment(1, { status: 'paid', paid_at: '2025-02-09T03:00:00.000Z' }),
        instalment(2, { status: 'overdue', overdue_days: 12, penalty: '6.18', total: '1036.18' }),
        instalment(3),
      ],
    });
    renderWithHost(test.host, <Settlement query={{ order_no: 'L20250003' }} />);

    expect(await screen.findByRole('heading', { name: 'This loan is not settled yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Certificate of loan settlement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByText('A settlement certificate is issued once every instalment has been repaid.')).toBeInTheDocument();
    // 1036.18 (period 2 with its penalty) + 1030.00 (period 3) = 2066.18
    expect(screen.getByText('Still owed').nextElementSibling).toHaveTextContent('¥2,066.18');
    expect(screen.getByText('Instalments left').nextElementSibling).toHaveTextContent('2 of 3');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Repay' }));
    expect(test.navigate).toHaveBeenCalledWith('/pages/payment/repay', { order_no: 'L20250003' });
  });

  it('says a loan never disbursed has nothing to settle', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.orderDetail.mockResolvedValue(detail({ status: 'pending', approved_at: null, paid_periods: 0 }));
    renderWithHost(test.host, <Settlement query={{ order_no: 'L20250003' }} />);

    expect(await screen.findByText(/never disbursed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repay' })).not.toBeInTheDocument();
    expect(test.api.loan.installments).not.toHaveBeenCalled();
  });

  it('says so when no loan was chosen', async () => {
    const { host } = createTestHost({ loggedIn: true });
    await act(async () => {
      renderWithHost(host, <Settlement query={{}} />);
    });
    expect(screen.getByRole('status')).toHaveTextContent('This loan could not be found.');
  });
});
