import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { RATES } from '../testing/fixtures';
import HomeLoanWidget from './HomeLoanWidget';

describe('HomeLoanWidget', () => {
  it('shows the amount range and terms, and opens the application', async () => {
    const test = createTestHost();
    test.api.loan.loanRates.mockResolvedValue(RATES);
    renderWithHost(test.host, <HomeLoanWidget />);

    expect(await screen.findByText('up to ¥50,000.00')).toBeInTheDocument();
    expect(screen.getByText('Borrow from ¥1,000.00 to ¥50,000.00')).toBeInTheDocument();
    expect(screen.getByText('Repay over 3, 6, 12 months')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply now' }));
    expect(test.navigate).toHaveBeenCalledWith('/pages/loan/apply');
  });

  it('holds the offer’s place while the rates load, then shows the offer there', async () => {
    const test = createTestHost();
    let answer!: (rates: typeof RATES) => void;
    test.api.loan.loanRates.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithHost(test.host, <HomeLoanWidget />);

    const placeholder = screen.getByRole('status', { name: 'loading...' });
    expect(placeholder.querySelectorAll('li')).toHaveLength(4);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await act(async () => answer(RATES));
    expect(screen.getByText('up to ¥50,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows its own error with a retry', async () => {
    const test = createTestHost();
    test.api.loan.loanRates.mockRejectedValueOnce(new ApiError('network connection failed', 'network')).mockResolvedValue(RATES);
    renderWithHost(test.host, <HomeLoanWidget />);

    expect(await screen.findByRole('alert')).toHaveTextContent('network connection failed');
    expect(test.host.ui.toast).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('up to ¥50,000.00')).toBeInTheDocument();
  });
});

describe('HomeLoanWidget on a tab tap', () => {
  it('tapping the home tab while on home loads the offer and the credit again', async () => {
    const test = createTestHost({ loggedIn: true });
    test.api.loan.loanRates.mockResolvedValue(RATES);
    test.api.loan.credit.mockResolvedValue({ limit: '50000.00', used: '0.00', available: '50000.00', blocked: null });
    renderWithHost(test.host, <HomeLoanWidget />);
    await screen.findByText('up to ¥50,000.00');
    expect(test.api.loan.loanRates).toHaveBeenCalledTimes(1);
    act(() => void test.host.tabTap.emit());
    await waitFor(() => expect(test.api.loan.loanRates).toHaveBeenCalledTimes(2));
    expect(test.api.loan.credit).toHaveBeenCalledTimes(2);
  });
});

describe('HomeLoanWidget in Chinese', () => {
  it('speaks the chosen language', async () => {
    const test = createTestHost();
    test.host.locale.set('zh-CN');
    test.api.loan.loanRates.mockResolvedValue(RATES);
    renderWithHost(test.host, <HomeLoanWidget />);

    expect(await screen.findByText('最高可借 ¥50,000.00')).toBeInTheDocument();
    expect(screen.getByText('可分 3、6、12个月')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即申请' })).toBeInTheDocument();
  });
});
