import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractInfo } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import Contract from './Contract';

const lender = {
  role: 'lender',
  name: 'Loan Treasure Microcredit Co., Ltd.',
  id: '91110000MA0000000X',
  address: '1 Finance Street, Beijing',
};
const clauses = [
  { title: 'Repayment', body: 'The borrower repays in equal monthly instalments.' },
  { title: 'Late payment', body: 'An overdue instalment accrues a daily penalty.' },
];

describe('Contract', () => {
  it('shows the signed contract of a loan and prints it', async () => {
    const test = createTestHost({ loggedIn: true });
    const signed: ContractInfo = {
      contract_no: 'C20250003',
      order_no: 'L20250003',
      title: 'Personal consumer instalment loan contract',
      lender,
      borrower: { role: 'borrower', name: 'Zhang San', id: '110***********1234' },
      amount: '3000.00',
      term: 3,
      monthly_rate_bp: 100,
      monthly_fee_bp: 20,
      apr_bp: 2650,
      repayment_method: 'equal_instalment',
      signed_at: '2025-01-10T02:00:00.000Z',
      clauses,
    };
    test.api.loan.contractInfo.mockResolvedValue(signed);
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    renderWithHost(test.host, <Contract query={{ order_no: 'L20250003' }} />);

    expect(await screen.findByRole('heading', { name: 'Personal consumer instalment loan contract' })).toBeInTheDocument();
    expect(test.api.loan.contractInfo).toHaveBeenCalledWith({ order_no: 'L20250003' }, { loading: false, toast: false });
    const page = document.body;
    expect(page).toHaveTextContent('Contract no.: C20250003');
    expect(page).toHaveTextContent('NameLoan Treasure Microcredit Co., Ltd.');
    expect(page).toHaveTextContent('NameZhang San');
    expect(page).toHaveTextContent('Amount¥3,000.00');
    expect(page).toHaveTextContent('Term3 months');
    expect(page).toHaveTextContent('Monthly interest rate1.00%');
    expect(page).toHaveTextContent('Monthly service fee0.20%');
    expect(page).toHaveTextContent('Repayment methodEqual monthly instalments of principal and interest');
    expect(page).toHaveTextContent('Signed on2025-01-10');
    expect(screen.getByRole('heading', { name: 'Late payment' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    print.mockRestore();
  });

  it('shows the template before applying', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.contractInfo.mockResolvedValue({
      contract_no: null,
      order_no: null,
      title: 'Personal consumer instalment loan contract',
      lender,
      borrower: null,
      amount: null,
      term: null,
      monthly_rate_bp: null,
      monthly_fee_bp: null,
      apr_bp: null,
      repayment_method: 'equal_instalment',
      signed_at: null,
      clauses,
    });
    renderWithHost(test.host, <Contract query={{}} />);

    expect(await screen.findByText(/This is the contract template/)).toBeInTheDocument();
    expect(test.api.loan.contractInfo).toHaveBeenCalledWith({}, { loading: false, toast: false });
    expect(document.body).toHaveTextContent('Amountset when you apply');
    expect(document.body).toHaveTextContent('Signed onnot signed yet');
  });
});
