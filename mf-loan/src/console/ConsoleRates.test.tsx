import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { APR_REFERENCE_AMOUNT_FEN, formatRate, priceAprBp } from '@instalment/contract/loan';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleRates from './ConsoleRates';

const RATES: Settings['loan_rates'] = {
  currency: 'CNY',
  min_amount: '1000.00',
  max_amount: '50000.00',
  amount_step: '100.00',
  terms: [
    { term: 3, monthly_rate_bp: 80, monthly_fee_bp: 50, apr_bp: 0 },
    { term: 12, monthly_rate_bp: 100, monthly_fee_bp: 50, apr_bp: 0 },
  ],
  repayment_method: 'equal_instalment',
  overdue_daily_penalty_bp: 5,
  grace_days: 3,
  purposes: ['education'],
};

/** The APR the borrower's app shows for a price: the page must agree with it. */
const borrowerApr = (term: number, rateBp: number, feeBp: number) => formatRate(priceAprBp(APR_REFERENCE_AMOUNT_FEN, term, rateBp, feeBp));

async function shown(post: () => Promise<unknown>, locale: 'en' | 'zh-CN' = 'en') {
  const { host, ui } = createTestHost({ locale });
  jest.spyOn(host.http, 'get').mockResolvedValue({ loan_rates: RATES, payment_channels: [], bank_info: {} });
  const posted = jest.spyOn(host.http, 'post').mockImplementation(post as never);
  renderWithHost(host, <ConsoleRates />);
  await screen.findByRole('table');
  return { posted, ui, user: userEvent.setup() };
}

const termRow = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

test('each term shows its price in percent and the APR the borrower will see', async () => {
  await shown(async () => ({}));
  expect(screen.getByLabelText('Monthly rate for 3 months (%)')).toHaveValue('0.80');
  expect(screen.getByLabelText('Monthly fee for 12 months (%)')).toHaveValue('0.50');
  expect(within(termRow('3 months')).getByText(borrowerApr(3, 80, 50))).toBeInTheDocument();
  expect(within(termRow('12 months')).getByText(borrowerApr(12, 100, 50))).toBeInTheDocument();
});

test('a price over the legal ceiling is flagged as typed and not sent', async () => {
  const { posted, user } = await shown(async () => ({}));
  const rate = screen.getByLabelText('Monthly rate for 12 months (%)');
  await user.clear(rate);
  await user.type(rate, '3.00');
  expect(within(termRow('12 months')).getByText(`${borrowerApr(12, 300, 50)}: over the legal ceiling of 36.00%`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Ask to change' }));
  expect(await screen.findByText('The APR of this term is over the legal ceiling of 36.00%.')).toBeInTheDocument();
  expect(posted).not.toHaveBeenCalled();
});

test('asks a second operator for the prices in bp, the rest of the rates as in force', async () => {
  const { posted, ui, user } = await shown(async () => ({ approval_id: 9, status: 'awaiting' }));
  const rate = screen.getByLabelText('Monthly rate for 3 months (%)');
  await user.clear(rate);
  await user.type(rate, '0.95');
  await user.click(screen.getByRole('button', { name: 'Ask to change' }));
  const { terms: _priced, ...kept } = RATES;
  expect(posted).toHaveBeenCalledWith(
    '/admin/api/settings/loan_rates',
    {
      value: {
        ...kept,
        terms: [
          { term: 3, monthly_rate_bp: 95, monthly_fee_bp: 50 },
          { term: 12, monthly_rate_bp: 100, monthly_fee_bp: 50 },
        ],
      },
    },
    { toast: false },
  );
  expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #9).', 'info');
});

test('shows the server’s refusal beside the form and keeps what was typed', async () => {
  const { user } = await shown(() => Promise.reject(new ApiError('This is the value in force already.', 0)));
  const max = screen.getByLabelText('Largest loan (¥)');
  await user.clear(max);
  await user.type(max, '60000');
  await user.click(screen.getByRole('button', { name: 'Ask to change' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This is the value in force already.');
  expect(max).toHaveValue('60000');
});

test('in Chinese, the APR and the ceiling are said in Chinese', async () => {
  const { posted, user } = await shown(async () => ({}), 'zh-CN');
  const rate = screen.getByLabelText('12 个月的月利率（%）');
  await user.clear(rate);
  await user.type(rate, '3.00');
  expect(within(termRow('12 个月')).getByText(`${borrowerApr(12, 300, 50)}：超过法定上限 36.00%`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '发起修改' }));
  expect(await screen.findByText('该期限的年化利率超过法定上限 36.00%。')).toBeInTheDocument();
  expect(posted).not.toHaveBeenCalled();
});
