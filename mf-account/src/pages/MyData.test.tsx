import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { loginUserinfo } from '@instalment/testing/fixtures';
import MyData from './MyData';

let t: ReturnType<typeof createTestHost>;
let clicked: string[];

beforeEach(() => {
  t = createTestHost({ loggedIn: true });
  t.host.session.setLogin(loginUserinfo({ mobile: '13812345678' }));
  clicked = [];
  // jsdom does not navigate: the link the page follows is recorded instead.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
});
afterEach(() => jest.restoreAllMocks());

const closable = { closable: true, open_loans: [], retention_years: 5 };

async function open() {
  renderPage(MyData, t.host);
  await act(async () => {});
}

test('the download follows the link the server signed for the borrower', async () => {
  const user = userEvent.setup();
  t.api.user.accountClosure.mockResolvedValue(closable);
  t.api.user.dataExport.mockResolvedValue({ url: 'http://api.test/api/user/export/file/7?expires=1&signature=s', expires_in: 60 });
  await open();
  expect(screen.getByText(/It shows your ID number and bank card in full/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'download my data' }));
  expect(clicked).toEqual(['http://api.test/api/user/export/file/7?expires=1&signature=s']);
  expect(t.ui.toast).toHaveBeenCalledWith('Your download has started.', 'success');
});

test('with a loan still open, the page says which one keeps the account open, and offers no way to close it', async () => {
  t.api.user.accountClosure.mockResolvedValue({
    closable: false,
    open_loans: [{ order_no: 'L2026011500001', status: 'repaying' }],
    retention_years: 5,
  });
  await open();
  expect(screen.getByRole('status')).toHaveTextContent(
    'Your account cannot be closed yet: loan L2026011500001 is still in review or being repaid.',
  );
  expect(screen.queryByRole('button', { name: 'close my account' })).not.toBeInTheDocument();
});

test('closing asks for the code sent to the own phone and a confirmation, then ends the session', async () => {
  const user = userEvent.setup();
  t.api.user.accountClosure.mockResolvedValue(closable);
  t.api.user.sendSms.mockResolvedValue(null);
  t.api.user.closeAccount.mockResolvedValue(null);
  await open();
  expect(screen.getByText(/kept, read-only, for 5 years/)).toBeInTheDocument();
  expect(screen.getByLabelText('verification code')).toHaveAccessibleDescription('The code goes to your phone 138****5678.');

  await user.click(screen.getByRole('button', { name: 'send code' }));
  expect(t.api.user.sendSms).toHaveBeenCalledWith({ mobile: '13812345678', event: 'closeaccount' });
  await user.type(screen.getByLabelText('verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'close my account' }));

  expect(t.ui.confirm).toHaveBeenCalledWith('Close your account for good? This cannot be undone.', expect.anything());
  expect(t.api.user.closeAccount).toHaveBeenCalledWith({ captcha: '123456' }, { toast: false });
  expect(t.host.session.isLoggedIn).toBe(false);
  expect(t.ui.toast).toHaveBeenCalledWith(
    'Your account has been closed. Your loan records are kept for the period the law requires.',
    'success',
  );
});

test('a refusal is shown under the form, and the borrower stays logged in', async () => {
  const user = userEvent.setup();
  t.api.user.accountClosure.mockResolvedValue(closable);
  t.api.user.closeAccount.mockRejectedValue(new ApiError('The verification code is incorrect. 4 tries left.', 0));
  await open();
  await user.type(screen.getByLabelText('verification code'), '654321');
  await user.click(screen.getByRole('button', { name: 'close my account' }));
  expect(await screen.findByText('The verification code is incorrect. 4 tries left.')).toHaveAttribute('role', 'alert');
  expect(t.host.session.isLoggedIn).toBe(true);
});

test('nothing is closed when the borrower thinks again', async () => {
  const user = userEvent.setup();
  t.api.user.accountClosure.mockResolvedValue(closable);
  t.ui.confirm.mockResolvedValue(false);
  await open();
  await user.type(screen.getByLabelText('verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'close my account' }));
  expect(t.api.user.closeAccount).not.toHaveBeenCalled();
});

test('in Chinese', async () => {
  t = createTestHost({ locale: 'zh-CN', loggedIn: true });
  t.api.user.accountClosure.mockResolvedValue({ closable: false, open_loans: [{ order_no: 'L1', status: 'pending' }], retention_years: 5 });
  await open();
  expect(screen.getByRole('button', { name: '下载我的数据' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('暂时无法注销账户：借款 L1 仍在审核或还款中。');
});
