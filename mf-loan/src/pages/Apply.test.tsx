import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { AGREEMENT_VERSIONS, type CreditLine, CURRENT_AGREEMENT } from '@instalment/contract/api';
import { annualRateBp } from '@instalment/contract/loan';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { RATES } from '../testing/fixtures';
import Apply from './Apply';

// 2025-01-31 12:00 in the platform's time zone (UTC+8): the preview's loans start that day.
const NOW = Date.UTC(2025, 0, 31, 4);

const CREDIT: CreditLine = { limit: '50000.00', used: '0.00', available: '50000.00', blocked: null };

function setup(
  stub: (loan: ReturnType<typeof createTestHost>['api']['loan']) => void = (loan) => loan.loanRates.mockResolvedValue(RATES),
  credit = CREDIT,
) {
  const test = createTestHost({ loggedIn: true });
  test.api.loan.credit.mockResolvedValue(credit);
  stub(test.api.loan);
  const { unmount } = renderWithHost(test.host, <Apply query={{}} />);
  return { ...test, loan: test.api.loan, unmount, user: userEvent.setup() };
}

const field = {
  amount: () => screen.getByLabelText('Loan amount (¥)'),
  term: () => screen.getByRole('group', { name: 'Term' }),
  purpose: () => screen.getByLabelText('Purpose'),
  realName: () => screen.getByLabelText('Real name'),
  idCard: () => screen.getByLabelText('National ID card number'),
  bankCard: () => screen.getByLabelText('Bank card number'),
  bankName: () => screen.getByLabelText('Bank'),
  consent: () => screen.getByRole('checkbox', { name: /agree to the loan contract/ }),
  submit: () => screen.getByRole('button', { name: 'Submit application' }),
};

/** The value shown beside a label in the preview's totals. */
function total(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field.amount(), '12000');
  await user.click(screen.getByRole('radio', { name: /^12 months/ }));
  await user.selectOptions(field.purpose(), 'travel');
  await user.type(field.realName(), 'Zhang San');
  await user.type(field.idCard(), '11010519491231002X');
  await user.type(field.bankCard(), '6222 0202 0000 1234');
  await user.type(field.bankName(), 'Bank of China');
  await user.click(field.consent());
}

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  window.sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('Apply', () => {
  it('offers the terms and the amount range of the rates', async () => {
    setup();
    expect(await screen.findByRole('radio', { name: '3 months · 1.00% interest a month · APR 12.00%' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '6 months · 1.00% interest a month + 0.50% fee a month · APR 22.22%' })).toBeInTheDocument();
    expect(screen.getByText('¥50,000.00 of ¥50,000.00')).toBeInTheDocument();
    expect(field.amount()).toHaveAccessibleDescription('From ¥1,000.00 to ¥50,000.00, in steps of ¥100.00');
    expect(screen.getByRole('link', { name: 'loan contract' })).toHaveAttribute('href', 'http://app.test/#/pages/loan/contract');
  });

  it('explains every empty field on submit and sends nothing', async () => {
    const { user, loan } = setup();
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));

    expect(field.amount()).toHaveAccessibleDescription(expect.stringContaining('Enter an amount in yuan.'));
    expect(field.term()).toHaveAccessibleDescription('Choose one of the terms offered.');
    expect(field.purpose()).toHaveAccessibleDescription('Choose what the loan is for.');
    expect(field.realName()).toHaveAccessibleDescription('Enter your real name as on your ID card.');
    expect(field.idCard()).toHaveAccessibleDescription('Enter your national ID card number.');
    expect(field.bankCard()).toHaveAccessibleDescription('Enter your bank card number.');
    expect(field.bankName()).toHaveAccessibleDescription(expect.stringContaining('Enter the name of your bank.'));
    expect(field.consent()).toHaveAccessibleDescription('You must agree to the loan contract to apply.');
    expect(field.amount()).toHaveFocus();
    expect(loan.createLoan).not.toHaveBeenCalled();
  });

  it('checks each field when it loses focus, with the rates in the message', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Loan amount (¥)'), '999');
    await user.tab();
    expect(field.amount()).toHaveAccessibleDescription(expect.stringContaining('The amount must be between ¥1,000.00 and ¥50,000.00.'));
    await user.clear(field.amount());
    await user.type(field.amount(), '1050');
    expect(field.amount()).toHaveAccessibleDescription(expect.stringContaining('The amount must be a multiple of ¥100.00.'));
    await user.clear(field.amount());
    await user.type(field.amount(), '1100');
    expect(field.amount()).not.toHaveAttribute('aria-invalid');

    // Nothing is said about a field the user has not left yet.
    await user.type(field.realName(), '张');
    expect(field.realName()).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(field.realName()).toHaveAccessibleDescription('Enter your real name: 2 to 30 letters.');

    await user.type(field.idCard(), '110105194913310021');
    await user.tab();
    expect(field.idCard()).toHaveAccessibleDescription('Enter a valid 18-character ID card number (the last may be X).');

    await user.type(field.bankCard(), '6222 0202');
    await user.tab();
    expect(field.bankCard()).toHaveAccessibleDescription('A bank card number has 16 to 19 digits.');

    await user.click(field.bankName());
    await user.tab();
    expect(field.bankName()).toHaveAccessibleDescription(expect.stringContaining('Enter the name of your bank.'));

    await user.selectOptions(field.purpose(), '');
    await user.tab();
    expect(field.purpose()).toHaveAccessibleDescription('Choose what the loan is for.');
  });

  it('previews the repayments of a known case', async () => {
    const { user } = setup();
    expect(await screen.findByText('Enter an amount and choose a term to see what you will repay.')).toBeInTheDocument();
    await user.type(field.amount(), '12000');
    await user.click(screen.getByRole('radio', { name: /^12 months/ }));

    // ¥12,000.00 over 12 months at 1.00 % a month (100 bp), no fee, equal instalments:
    //   M = P·r·(1+r)^n / ((1+r)^n − 1) = 12000 · 0.01 · 1.01^12 / (1.01^12 − 1)
    //     = 120 · 1.126825 / 0.126825 = 1066.1855 → ¥1,066.19 a month.
    //   Period 1: interest 12000 · 0.01 = 120.00, principal 1066.19 − 120.00 = 946.19.
    //   Rounding each month leaves period 12 with 1055.58 of principal and 10.56 of interest:
    //   1066.14, 5 fen less than the others.
    //   Total repayment = 11 · 1066.19 + 1066.14 = 12794.23; total interest 794.23; fees 0.
    //   Due dates: a month after 2025-01-31 each, clamped to short months (2025-02-28).
    expect(total('Monthly payment')).toBe('¥1,066.19');
    expect(total('Total interest')).toBe('¥794.23');
    expect(total('Total fees')).toBe('¥0.00');
    expect(total('Total repayment')).toBe('¥12,794.23');
    expect(total('Total cost of credit')).toBe('¥794.23');
    // No fee: the APR is the monthly rate × 12 exactly.
    expect(total('Annual percentage rate (APR)')).toBe('12.00%');

    const table = screen.getByRole('table', { name: 'Repayment schedule' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent(['1', '2025-02-28', '¥946.19', '¥120.00', '¥0.00', '¥1,066.19'].join(''));
    expect(rows[11]).toHaveTextContent(['12', '2026-01-31', '¥1,055.58', '¥10.56', '¥0.00', '¥1,066.14'].join(''));
  });

  it('adds the monthly fee to the preview', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Loan amount (¥)'), '6000');
    await user.click(screen.getByRole('radio', { name: /^6 months/ }));

    // ¥6,000.00 over 6 months at 100 bp interest and 50 bp fee a month:
    //   M = 60 · 1.01^6 / (1.01^6 − 1) = 60 · 1.061520 / 0.061520 = 1035.29; fee 6000 · 0.005 = 30.00.
    //   Monthly payment 1035.29 + 30.00 = ¥1,065.29; fees 6 · 30.00 = ¥180.00.
    expect(total('Monthly payment')).toBe('¥1,065.29');
    expect(total('Total fees')).toBe('¥180.00');
    // The fee is charged on the whole amount while the principal shrinks: well above 12 %.
    expect(total('Annual percentage rate (APR)')).toBe(
      `${(annualRateBp(600_000, [106_529, 106_529, 106_529, 106_529, 106_529, 106_528]) / 100).toFixed(2)}%`,
    );
    expect(Number.parseFloat(total('Annual percentage rate (APR)')!)).toBeGreaterThan(21);
  });

  it('refuses more than the available credit, and an account with an overdue loan cannot apply', async () => {
    const { user, loan } = setup(undefined, { ...CREDIT, used: '45000.00', available: '5000.00' });
    await user.type(await screen.findByLabelText('Loan amount (¥)'), '6000');
    await user.tab();
    expect(screen.getByText('The amount is more than your available credit of ¥5,000.00.')).toBeInTheDocument();
    await user.click(field.submit());
    expect(loan.createLoan).not.toHaveBeenCalled();
  });

  it('an overdue loan blocks applying, with the way to what that means', async () => {
    setup(undefined, { ...CREDIT, blocked: 'overdue' });
    expect(await screen.findByText('You have an overdue instalment. Repay it before applying for a new loan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'what being overdue means' })).toHaveAttribute(
      'href',
      'http://app.test/#/pages/overdue/impact',
    );
  });

  it('keeps the draft for this tab across a trip to the login page, and forgets it once sent', async () => {
    const first = setup();
    await screen.findByLabelText('Loan amount (¥)');
    await fillValid(first.user);
    first.unmount();

    // The session expired: the shell sent the borrower to log in, and back to this page.
    const second = setup();
    expect(await screen.findByLabelText('Loan amount (¥)')).toHaveValue('12000');
    expect(field.idCard()).toHaveValue('11010519491231002X');
    expect(field.bankName()).toHaveValue('Bank of China');
    expect(field.consent()).toBeChecked();
    // Nothing of it outlives the tab.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('11010519491231002X');
    second.loan.createLoan.mockResolvedValue({ order_no: 'L1' });
    await second.user.click(field.submit());
    await waitFor(() => expect(second.navigate).toHaveBeenCalled());
    second.unmount();

    setup();
    expect(await screen.findByLabelText('Loan amount (¥)')).toHaveValue('');
  });

  it('keeps every field and shows the reason when the application fails', async () => {
    const { user, loan, navigate } = setup();
    await screen.findByLabelText('Loan amount (¥)');
    await fillValid(user);
    loan.createLoan.mockRejectedValue(new ApiError('You already have a loan under review.', 0));
    await user.click(field.submit());

    expect(await screen.findByText('Your application was not sent: You already have a loan under review.')).toBeInTheDocument();
    expect(field.amount()).toHaveValue('12000');
    expect(screen.getByRole('radio', { name: /^12 months/ })).toBeChecked();
    expect(field.purpose()).toHaveValue('travel');
    expect(field.realName()).toHaveValue('Zhang San');
    expect(field.idCard()).toHaveValue('11010519491231002X');
    expect(field.bankCard()).toHaveValue('6222 0202 0000 1234');
    expect(field.bankName()).toHaveValue('Bank of China');
    expect(field.consent()).toBeChecked();
    expect(field.submit()).toBeEnabled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the application, is busy meanwhile, and opens the new loan', async () => {
    const { user, loan, navigate } = setup();
    await screen.findByLabelText('Loan amount (¥)');
    await fillValid(user);
    let answer: (value: { order_no: string }) => void = () => {};
    loan.createLoan.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await user.click(field.submit());

    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(loan.createLoan).toHaveBeenCalledWith(
      {
        amount: '12000.00',
        term: 12,
        purpose: 'travel',
        real_name: 'Zhang San',
        id_card: '11010519491231002X',
        bank_card: '6222020200001234',
        bank_name: 'Bank of China',
        agree_contract: true,
      },
      { toast: false },
    );
    answer({ order_no: 'L20250001' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pages/loan/detail', { order_no: 'L20250001' }, { replace: true }));
  });

  describe('an account without consent to the terms and privacy policy in force', () => {
    const ASKED = 'Before applying, please read and agree to the current terms of service and privacy policy.';
    const termsBox = () => screen.getByRole('checkbox', { name: /agree to the terms of service and the privacy policy/ });

    async function refusedForConsent() {
      const t = setup();
      await screen.findByLabelText('Loan amount (¥)');
      await fillValid(t.user);
      // An account that has agreed is not asked.
      expect(screen.queryByRole('checkbox', { name: /terms of service/ })).not.toBeInTheDocument();
      t.loan.createLoan
        .mockRejectedValueOnce(new ApiError(ASKED, 0, { consent_required: AGREEMENT_VERSIONS }))
        .mockResolvedValueOnce({ order_no: 'L20250002' });
      await t.user.click(field.submit());
      expect(await screen.findByText(`Your application was not sent: ${ASKED}`)).toBeInTheDocument();
      return t;
    }

    it('is asked for it, with both texts a tap away, and keeps every field', async () => {
      const { user, api, navigate } = await refusedForConsent();
      expect(termsBox()).not.toBeChecked();
      expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('target', '_blank');
      expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('target', '_blank');
      expect(field.amount()).toHaveValue('12000');
      expect(field.idCard()).toHaveValue('11010519491231002X');
      expect(field.consent()).toBeChecked();

      // Not ticked: nothing is agreed to or sent again.
      await user.click(field.submit());
      expect(termsBox()).toHaveAccessibleDescription('Please agree to the terms of service and the privacy policy.');
      expect(termsBox()).toHaveFocus();
      expect(api.user.agree).not.toHaveBeenCalled();
      expect(api.loan.createLoan).toHaveBeenCalledTimes(1);
      expect(navigate).not.toHaveBeenCalled();
    });

    it('once ticked, records the consent, then sends the application as it was', async () => {
      const { user, api, navigate } = await refusedForConsent();
      api.user.agree.mockResolvedValue([]);
      await user.click(termsBox());
      await user.click(field.submit());

      expect(api.user.agree).toHaveBeenCalledWith(CURRENT_AGREEMENT, { toast: false });
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pages/loan/detail', { order_no: 'L20250002' }, { replace: true }));
      expect(api.loan.createLoan).toHaveBeenCalledTimes(2);
      expect(api.loan.createLoan.mock.calls[1]).toEqual(api.loan.createLoan.mock.calls[0]);
      expect(api.user.agree.mock.invocationCallOrder[0]).toBeLessThan(api.loan.createLoan.mock.invocationCallOrder[1]);
    });

    it('a consent that could not be recorded is said, and the application waits for it', async () => {
      const { user, api } = await refusedForConsent();
      api.user.agree.mockRejectedValue(new ApiError('network connection failed', 'network'));
      await user.click(termsBox());
      await user.click(field.submit());
      expect(await screen.findByText('Your application was not sent: network connection failed')).toBeInTheDocument();
      expect(api.loan.createLoan).toHaveBeenCalledTimes(1);
      expect(termsBox()).toBeChecked();
      expect(field.submit()).toBeEnabled();
    });
  });

  it('offers a retry when the rates cannot be loaded', async () => {
    const { user } = setup((loan) =>
      loan.loanRates.mockRejectedValueOnce(new ApiError('network connection failed', 'network')).mockResolvedValue(RATES),
    );
    expect(await screen.findByText('network connection failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByLabelText('Loan amount (¥)')).toBeInTheDocument();
  });
});
