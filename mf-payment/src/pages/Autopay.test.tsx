import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Autopay as Agreement, DueLoan } from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import { ApiError } from '@instalment/host-sdk/http';
import { autopayAgreement } from '@instalment/testing/fixtures';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { leaveFor } from '../gateway';
import Autopay, { PENDING_ASK_MS, PENDING_ASKS } from './Autopay';

jest.mock('../gateway', () => ({ ...jest.requireActual('../gateway'), leaveFor: jest.fn() }));

const SIGN_URL = 'https://openapi.alipay.com/gateway.do?method=alipay.user.agreement.page.sign&sign=abc';

const ACTIVE = autopayAgreement({
  state: 'active',
  signed_at: '2026-11-27T02:00:00.000Z',
  charges: [
    { order_no: 'L100', due_date: '2026-12-27', attempt: 2, amount: '306.00', state: 'paid', reason: null, at: '2026-12-27T08:00:00.000Z' },
    {
      order_no: 'L100',
      due_date: '2026-12-27',
      attempt: 1,
      amount: '306.00',
      state: 'failed',
      reason: 'balance',
      at: '2026-12-27T02:00:00.000Z',
    },
  ],
});

const loan = (order_no: string, extra: Partial<DueLoan> = {}): DueLoan => ({
  order_no,
  amount: '3000.00',
  term: 12,
  status: 'repaying',
  status_label: 'repaying',
  created_at: '2026-10-01T00:00:00.000Z',
  next_due_date: '2026-12-27',
  next_due_amount: '300.00',
  remaining_principal: '2000.00',
  owed: '0.00',
  owed_periods: [],
  overdue_days: 0,
  penalty: '0.00',
  under_review: false,
  ...extra,
});

function setup(answers: Agreement[], { locale = 'en', loans = [loan('L100')] }: { locale?: Locale; loans?: DueLoan[] } = {}) {
  const test = createTestHost({ loggedIn: true, locale });
  let asked = 0;
  const get = test.api.autopay.autopay.mockImplementation(async () => answers[Math.min(asked++, answers.length - 1)]);
  test.api.portfolio.dueLoans.mockResolvedValue({ list: loans });
  renderPage(Autopay, test.host);
  return { ...test, get };
}

beforeEach(() => jest.mocked(leaveFor).mockClear());
afterEach(() => jest.useRealTimers());

describe('Autopay', () => {
  it('before signing, says what is charged, when, from what, the limits, how to stop and the terms version', async () => {
    setup([autopayAgreement()], { loans: [loan('L100'), loan('L200', { status: 'overdue', owed: '612.50', penalty: '12.50' })] });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Automatic repayment is off.'));
    const loans = within(screen.getByRole('region', { name: 'What will be charged' })).getAllByRole('listitem');
    expect(loans[0]).toHaveTextContent('Loan L100Next: ¥300.00 on 2026-12-27');
    expect(loans[1]).toHaveTextContent('Overdue now: ¥612.50, penalty ¥12.50 included');
    const terms = screen.getByRole('region', { name: 'Automatic repayment terms, version 2026-11-27' });
    expect(terms).toHaveTextContent('On the due date at 10:00, 16:00, 20:00 (Asia/Shanghai time)');
    expect(terms).toHaveTextContent('The Alipay account you sign the agreement with');
    expect(terms).toHaveTextContent('At most ¥50,000.00 in one charge and ¥500,000.00 in one calendar month');
    expect(terms).toHaveTextContent('End it on this page at any time, or in Alipay');
  });

  it('confirming signs with this page to come back to, and goes to the signing page answered', async () => {
    const { api } = setup([autopayAgreement()]);
    api.autopay.signAutopay.mockResolvedValue({ sign_url: SIGN_URL });

    await userEvent.click(await screen.findByRole('button', { name: 'agree and sign with Alipay' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(SIGN_URL));
    expect(api.autopay.signAutopay).toHaveBeenCalledWith('http://app.test/#/pages/payment/autopay', { toast: false });
  });

  it('a failed sign keeps the terms on the page and signing again is one tap', async () => {
    const { api } = setup([autopayAgreement()]);
    api.autopay.signAutopay.mockRejectedValueOnce(new ApiError('network error', -1)).mockResolvedValue({ sign_url: SIGN_URL });

    await userEvent.click(await screen.findByRole('button', { name: 'agree and sign with Alipay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('network error');
    expect(screen.getByRole('region', { name: 'What will be charged' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'agree and sign with Alipay' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(SIGN_URL));
  });

  it('back from Alipay while pending, asks again until the agreement reads active', async () => {
    jest.useFakeTimers();
    const { get } = setup([autopayAgreement({ state: 'pending' }), autopayAgreement({ state: 'pending' }), ACTIVE]);

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Waiting for Alipay to confirm the agreement'));
    await act(() => jest.advanceTimersByTimeAsync(PENDING_ASK_MS));
    await act(() => jest.advanceTimersByTimeAsync(PENDING_ASK_MS));

    expect(screen.getByRole('status')).toHaveTextContent('Automatic repayment is on.');
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('still pending after asking a few times, it stops and lets the borrower check again', async () => {
    jest.useFakeTimers();
    const { get } = setup([autopayAgreement({ state: 'pending' })]);

    await screen.findByRole('status');
    for (let ask = 0; ask < PENDING_ASKS + 2; ask += 1) await act(() => jest.advanceTimersByTimeAsync(PENDING_ASK_MS));

    expect(get).toHaveBeenCalledTimes(1 + PENDING_ASKS);
    expect(screen.getByRole('status')).toHaveTextContent('Alipay has not confirmed the agreement yet.');
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'check again' }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2 + PENDING_ASKS));
  });

  it('an active agreement shows its latest charges, each with its state and reason', async () => {
    setup([ACTIVE]);

    const charges = within(await screen.findByRole('region', { name: 'Latest charges' })).getAllByRole('listitem');
    expect(charges[0]).toHaveTextContent('¥306.00 · loan L100 · due 2026-12-27paid');
    expect(charges[1]).toHaveTextContent('¥306.00 · loan L100 · due 2026-12-27failednot enough balance');
    expect(screen.queryByRole('button', { name: 'agree and sign with Alipay' })).not.toBeInTheDocument();
  });

  it('an agreement the lender paused says so: the borrower repays in the app until it resumes', async () => {
    setup([{ ...ACTIVE, paused: true }]);
    expect(await screen.findByText(/The lender has paused automatic charges for now/)).toBeInTheDocument();
  });

  it('an active agreement not paused says nothing of a pause', async () => {
    setup([ACTIVE]);
    await screen.findByRole('region', { name: 'Latest charges' });
    expect(screen.queryByText(/paused automatic charges/)).not.toBeInTheDocument();
  });

  it('ending asks first, then shows the agreement as the server answers it', async () => {
    const { api, ui } = setup([ACTIVE]);
    api.autopay.cancelAutopay.mockResolvedValue(autopayAgreement({ state: 'ended', ended_at: '2026-12-28T02:00:00.000Z' }));

    await userEvent.click(await screen.findByRole('button', { name: 'End automatic repayment' }));

    expect(ui.confirm).toHaveBeenCalledWith(expect.stringContaining('End automatic repayment?'), expect.anything());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Automatic repayment has ended.'));
    expect(screen.getByRole('button', { name: 'sign again' })).toBeInTheDocument();
  });

  it('not confirmed, nothing is ended; a failed end keeps the agreement and can be tried again', async () => {
    const { api, ui } = setup([ACTIVE]);
    ui.confirm.mockResolvedValueOnce(false);
    api.autopay.cancelAutopay.mockRejectedValueOnce(new ApiError('please try again', 0));

    await userEvent.click(await screen.findByRole('button', { name: 'End automatic repayment' }));
    expect(api.autopay.cancelAutopay).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'End automatic repayment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('please try again');
    expect(screen.getByRole('status')).toHaveTextContent('Automatic repayment is on.');
    expect(screen.getByRole('button', { name: 'End automatic repayment' })).toBeEnabled();
  });

  it('with autopay off on the server, says it is not offered and offers no signing', async () => {
    setup([autopayAgreement({ offered: false })]);

    expect(await screen.findByText('Automatic repayment is not offered at the moment. Please repay in the app.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    setup([ACTIVE], { locale: 'zh-CN' });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('自动还款已开通。'));
    expect(screen.getByRole('button', { name: '关闭自动还款' })).toBeInTheDocument();
  });

  it('a failed load offers retry, which shows the agreement', async () => {
    const { api, host } = createTestHost({ loggedIn: true });
    api.autopay.autopay.mockRejectedValueOnce(new ApiError('network error', -1)).mockResolvedValue(ACTIVE);
    api.portfolio.dueLoans.mockResolvedValue({ list: [] });
    renderPage(Autopay, host);

    await userEvent.click(await screen.findByRole('button', { name: /retry/i }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Automatic repayment is on.'));
  });
});
