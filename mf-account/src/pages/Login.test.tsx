import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios, { type AxiosAdapter } from 'axios';
import { AGREEMENT_VERSIONS, createApi, CURRENT_AGREEMENT } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { FAR_EXPIRY, loginUserinfo } from '@instalment/testing/fixtures';
import Login from './Login';

let t: ReturnType<typeof createTestHost>;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  t = createTestHost();
});

afterEach(() => {
  jest.useRealTimers();
});

const phone = () => screen.getByLabelText('phone number');
const code = () => screen.getByLabelText('verification code');
const submit = () => screen.getByRole('button', { name: 'log in' });

test('draws its own bar: the login h1 and a back control', async () => {
  const user = userEvent.setup();
  renderPage(Login, t.host);
  expect(screen.getByRole('heading', { level: 1, name: 'login' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'back' }));
  expect(t.nav.back).toHaveBeenCalledTimes(1);
});

test('SMS mode: phone and code messages on blur and on submit, and nothing is sent', async () => {
  const user = userEvent.setup();
  renderPage(Login, t.host);
  await user.type(phone(), '12812345678');
  await user.tab();
  expect(screen.getByText('Enter an 11-digit phone number starting with 13-19.')).toBeInTheDocument();
  await user.type(code(), '12');
  await user.tab();
  expect(screen.getByText('The verification code has 4 to 6 digits.')).toBeInTheDocument();

  await user.clear(phone());
  await user.clear(code());
  await user.click(submit());
  expect(screen.getByText('Enter your phone number.')).toBeInTheDocument();
  expect(screen.getByText('Enter the verification code.')).toBeInTheDocument();
  expect(phone()).toHaveFocus();
  expect(t.api.user.mobileLogin).not.toHaveBeenCalled();
});

test('the send-code button checks the phone before sending anything', async () => {
  const user = userEvent.setup();
  renderPage(Login, t.host);
  await user.type(phone(), '1381234');
  await user.click(screen.getByRole('button', { name: 'send code' }));
  expect(t.api.user.sendSms).not.toHaveBeenCalled();
  expect(phone()).toHaveAccessibleDescription('Enter an 11-digit phone number starting with 13-19.');
});

test('the send-code button counts down 60 s and never sends twice', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  let answer!: (value: null) => void;
  t.api.user.sendSms.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderPage(Login, t.host);
  await user.type(phone(), '13812345678');

  const button = screen.getByRole('button', { name: 'send code' });
  await user.click(button);
  expect(button).toBeDisabled();
  expect(button).toHaveTextContent('sending...');
  await user.click(button);
  expect(t.api.user.sendSms).toHaveBeenCalledTimes(1);
  expect(t.api.user.sendSms).toHaveBeenCalledWith({ mobile: '13812345678', event: 'mobilelogin' });

  await act(async () => answer(null));
  expect(button).toHaveTextContent('resend in 60s');
  expect(t.ui.toast).toHaveBeenCalledWith('Verification code sent.', 'success');
  act(() => jest.advanceTimersByTime(1000));
  expect(button).toHaveTextContent('resend in 59s');
  expect(button).toBeDisabled();
  await user.click(button);
  expect(t.api.user.sendSms).toHaveBeenCalledTimes(1);

  act(() => jest.advanceTimersByTime(59_000));
  expect(button).toHaveTextContent('resend code');
  expect(button).toBeEnabled();
});

test('a failed send frees the button at once', async () => {
  const user = userEvent.setup();
  t.api.user.sendSms.mockRejectedValueOnce(new ApiError('Sending too often', 0));
  renderPage(Login, t.host);
  await user.type(phone(), '13812345678');
  await user.click(screen.getByRole('button', { name: 'send code' }));
  expect(screen.getByRole('button', { name: 'send code' })).toBeEnabled();
});

test("the send-code button counts down the wait the server's refusal names", async () => {
  const user = userEvent.setup();
  t.api.user.sendSms.mockRejectedValueOnce(new ApiError('Please wait 52 s before requesting another code.', 0, { wait: 52 }));
  renderPage(Login, t.host);
  await user.type(phone(), '13812345678');
  await user.click(screen.getByRole('button', { name: 'send code' }));
  const button = await screen.findByRole('button', { name: 'resend in 52s' });
  expect(button).toBeDisabled();
});

test('the countdown goes on when the page is left and entered again', async () => {
  const user = userEvent.setup();
  t.api.user.sendSms.mockResolvedValue(null);
  const first = renderPage(Login, t.host);
  await user.type(phone(), '13812345678');
  await user.click(screen.getByRole('button', { name: 'send code' }));
  expect(await screen.findByRole('button', { name: 'resend in 60s' })).toBeDisabled();
  first.unmount();

  renderPage(Login, t.host);
  await user.type(phone(), '13812345678');
  expect(screen.getByRole('button', { name: /^resend in (59|60)s$/ })).toBeDisabled();
  await user.clear(phone());
  await user.type(phone(), '13912345678');
  expect(screen.getByRole('button', { name: 'send code' })).toBeEnabled();
});

test('SMS login stores the session as SPEC §3/§4 say and returns the user', async () => {
  const user = userEvent.setup();
  t.api.user.mobileLogin.mockResolvedValue({ userinfo: loginUserinfo() });
  renderPage(Login, t.host);
  await user.type(phone(), '13812345678');
  await user.type(code(), '1234');
  await user.click(submit());

  // Unticked, nothing is agreed to: an account that exists logs in without it.
  expect(t.api.user.mobileLogin).toHaveBeenCalledWith({ mobile: '13812345678', captcha: '1234' }, { toast: false });
  expect(window.localStorage.getItem('token')).toBe('token-abc');
  expect(window.localStorage.getItem('tokenExpireTime')).toBe(String(FAR_EXPIRY));
  expect(JSON.parse(window.localStorage.getItem('userInfo')!)).toEqual({
    id: 7,
    username: '13812345678',
    nickname: 'Li Lei',
    phone: '13812345678',
    email: '',
    avatar: '',
    bio: '',
    money: '1234.50',
    score: 20,
    level: 1,
  });
  expect(t.host.session.isLoggedIn).toBe(true);
  expect(t.host.session.tokenExpireTime).toBe(FAR_EXPIRY);
  expect(t.nav.finishLogin).toHaveBeenCalledTimes(1);
});

describe('consent, for a phone that has no account yet', () => {
  const consentBox = () => screen.getByRole('checkbox', { name: /I have read and agree/ });
  const NEEDED =
    'This phone number has no account yet. To create one, please read and agree to the terms of service and the privacy policy.';

  test('the SMS form offers it, linking to both texts in a new tab, and sends the versions once ticked', async () => {
    const user = userEvent.setup();
    t.api.user.mobileLogin.mockResolvedValue({ userinfo: loginUserinfo() });
    renderPage(Login, t.host);
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('target', '_blank');
    await user.type(phone(), '13812345678');
    await user.type(code(), '1234');
    await user.click(consentBox());
    await user.click(submit());
    expect(t.api.user.mobileLogin).toHaveBeenCalledWith({ ...CURRENT_AGREEMENT, mobile: '13812345678', captcha: '1234' }, { toast: false });
    expect(t.nav.finishLogin).toHaveBeenCalledTimes(1);
  });

  test('refused for want of it: the form says so, keeps the input and asks at the box; ticked, the same code goes through', async () => {
    const user = userEvent.setup();
    t.api.user.mobileLogin
      .mockRejectedValueOnce(new ApiError(NEEDED, 0, { consent_required: AGREEMENT_VERSIONS }))
      .mockResolvedValueOnce({ userinfo: loginUserinfo() });
    renderPage(Login, t.host);
    await user.type(phone(), '13812345678');
    await user.type(code(), '1234');
    await user.click(submit());

    expect(await within(screen.getByRole('tabpanel')).findByText(NEEDED)).toHaveAttribute('role', 'alert');
    expect(consentBox()).toHaveFocus();
    expect(consentBox()).toHaveAccessibleDescription('Please agree to the terms of service and the privacy policy.');
    expect(phone()).toHaveValue('13812345678');
    expect(code()).toHaveValue('1234');
    expect(t.nav.finishLogin).not.toHaveBeenCalled();

    await user.click(consentBox());
    await user.click(submit());
    expect(t.api.user.mobileLogin).toHaveBeenLastCalledWith(
      { ...CURRENT_AGREEMENT, mobile: '13812345678', captcha: '1234' },
      { toast: false },
    );
    expect(t.nav.finishLogin).toHaveBeenCalledTimes(1);
  });

  test('another refusal leaves the box alone', async () => {
    const user = userEvent.setup();
    t.api.user.mobileLogin.mockRejectedValue(new ApiError('The verification code is incorrect. 4 tries left.', 0));
    renderPage(Login, t.host);
    await user.type(phone(), '13812345678');
    await user.type(code(), '1234');
    await user.click(submit());
    expect(await screen.findByText('The verification code is incorrect. 4 tries left.')).toBeInTheDocument();
    expect(consentBox()).not.toHaveAttribute('aria-invalid');
  });
});

test('password login: account and password, with messages for empty fields', async () => {
  const user = userEvent.setup();
  t.api.user.login.mockResolvedValue({ userinfo: loginUserinfo({ token: 'pw-token' }) });
  renderPage(Login, t.host);
  await user.click(screen.getByRole('tab', { name: 'password login' }));
  expect(screen.getByRole('tab', { name: 'password login' })).toHaveAttribute('aria-selected', 'true');
  await user.click(submit());
  expect(screen.getByText('Enter your username or phone number.')).toBeInTheDocument();
  expect(screen.getByText('Enter a password.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('account'), 'lilei');
  await user.type(screen.getByLabelText('password'), 'secret1');
  await user.click(submit());
  expect(t.api.user.login).toHaveBeenCalledWith({ account: 'lilei', password: 'secret1' }, { toast: false });
  expect(window.localStorage.getItem('token')).toBe('pw-token');
  expect(t.nav.finishLogin).toHaveBeenCalledTimes(1);
});

test('arrow keys move between the two login modes', async () => {
  const user = userEvent.setup();
  renderPage(Login, t.host);
  await user.click(screen.getByRole('tab', { name: 'SMS code login' }));
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'password login' })).toHaveFocus();
  expect(screen.getByRole('tabpanel')).toHaveAccessibleName('password login');
});

describe('through the real HTTP client', () => {
  const original = axios.defaults.adapter;
  let requests: Array<{ url?: string; data?: unknown }>;

  beforeEach(() => {
    requests = [];
    const adapter: AxiosAdapter = async (config) => {
      requests.push({ url: config.url, data: JSON.parse(String(config.data)) });
      return {
        data: { code: 0, msg: 'Account or password is incorrect', time: 0, data: null },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    };
    axios.defaults.adapter = adapter;
    window.localStorage.clear();
    // A fresh host, so its axios instance picks up the fake adapter; its api stays real.
    t = createTestHost();
    t.api.user.login.mockImplementation(createApi(t.host.http).user.login);
  });

  afterEach(() => {
    axios.defaults.adapter = original;
  });

  test("a failed login keeps what was typed and shows the server's msg once, under the form", async () => {
    const user = userEvent.setup();
    renderPage(Login, t.host);
    await user.click(screen.getByRole('tab', { name: 'password login' }));
    await user.type(screen.getByLabelText('account'), '13812345678');
    await user.type(screen.getByLabelText('password'), 'wrong123');
    await user.click(submit());

    expect(requests).toEqual([{ url: '/api/user/login', data: { account: '13812345678', password: 'wrong123' } }]);
    const form = screen.getByRole('tabpanel');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Account or password is incorrect');
    expect(t.ui.toast).not.toHaveBeenCalled();
    expect(screen.getByLabelText('account')).toHaveValue('13812345678');
    expect(screen.getByLabelText('password')).toHaveValue('wrong123');
    expect(submit()).toBeEnabled();
    expect(t.host.session.isLoggedIn).toBe(false);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(t.nav.finishLogin).not.toHaveBeenCalled();
  });
});

test('links to register', async () => {
  const user = userEvent.setup();
  renderPage(Login, t.host);
  await user.click(screen.getByRole('link', { name: 'register' }));
  expect(t.nav.navigate).toHaveBeenCalledWith('/pages/register/register', undefined);
});

test('a modified click on the register link is left to the browser (a new tab), not taken over', async () => {
  const t = createTestHost();
  renderPage(Login, t.host);
  const link = screen.getByRole('link', { name: 'register' });
  expect(link).toHaveAttribute('href', 'http://app.test/#/pages/register/register');
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
  link.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(false);
  expect(t.nav.navigate).not.toHaveBeenCalled();
});
