import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserIndex } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { loginUserinfo } from '@instalment/testing/fixtures';
import Profile from './Profile';

let t: ReturnType<typeof createTestHost>;

const userIndex = (overrides: Partial<UserIndex> = {}): UserIndex => ({
  welcome: 'Welcome',
  id: 7,
  username: '13812345678',
  nickname: 'Li Lei',
  mobile: '13812345678',
  email: 'lilei@example.com',
  avatar: '/uploads/avatar/7.png',
  money: '1234.50',
  score: 20,
  level: 2,
  bio: '',
  sms_reminders: true,
  ...overrides,
});

beforeEach(() => {
  window.localStorage.clear();
  t = createTestHost();
});

function logIn() {
  t.host.session.setLogin(loginUserinfo());
}

/** Logged in, with the quiet refresh answered and rendered. */
async function renderLoggedIn() {
  t.api.user.userIndex.mockResolvedValue(userIndex());
  logIn();
  renderPage(Profile, t.host);
  await act(async () => {});
}

describe('logged out', () => {
  test('calls the user to log in or register, and offers only the public entries', async () => {
    const user = userEvent.setup();
    renderPage(Profile, t.host);
    expect(screen.getByText('Log in to apply for a loan and follow your repayments.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'log out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'my loans' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'platform news' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'overdue impact' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'log in' }));
    expect(t.nav.requireLogin).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'register' }));
    expect(t.nav.navigate).toHaveBeenCalledWith('/pages/register/register');
    expect(t.api.user.userIndex).not.toHaveBeenCalled();
  });
});

describe('logged in', () => {
  test('shows the stored user, then refreshes it quietly from the user index', async () => {
    let answer!: (value: UserIndex) => void;
    t.api.user.userIndex.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    logIn();
    renderPage(Profile, t.host);

    expect(screen.getByRole('heading', { level: 2, name: 'Li Lei' })).toBeInTheDocument();
    expect(screen.getByText('138****5678')).toBeInTheDocument();
    expect(screen.queryByText('13812345678')).not.toBeInTheDocument();
    expect(screen.getByText('¥1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Li Lei's avatar" })).toHaveTextContent('L');
    expect(t.api.user.userIndex).toHaveBeenCalledWith({ loading: false, toast: false });

    await act(async () => answer(userIndex({ nickname: 'Lei', money: '99.00', score: 35, level: 3 })));
    expect(screen.getByRole('heading', { level: 2, name: 'Lei' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Lei's avatar" })).toHaveAttribute('src', 'http://api.test/uploads/avatar/7.png');
    expect(screen.getByText('¥99.00')).toBeInTheDocument();
    expect(screen.getByText('35')).toBeInTheDocument();
    expect(screen.getByText('Lv.3')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('userInfo')!)).toMatchObject({ nickname: 'Lei', email: 'lilei@example.com', level: 3 });
  });

  test('a failed refresh keeps the stored user on screen', async () => {
    t.api.user.userIndex.mockRejectedValue(new ApiError('request failed', 0));
    logIn();
    renderPage(Profile, t.host);
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 2, name: 'Li Lei' })).toBeInTheDocument();
    expect(t.host.session.isLoggedIn).toBe(true);
  });

  test.each([
    ['my loans', '/pages/loan/loan'],
    ['my repayments', '/pages/repay/repay'],
    ['overdue impact', '/pages/overdue/impact'],
    ['settlement certificates', '/pages/loan/loan'],
    ['platform news', '/pages/news/list'],
    ['my profile data', '/pages/profile/userinfo'],
    ['my data', '/pages/profile/data'],
  ])('the %s entry opens %s', async (name, path) => {
    const user = userEvent.setup();
    await renderLoggedIn();
    const services = screen.getByRole('navigation', { name: 'services' });
    await user.click(within(services).getByRole('button', { name }));
    expect(t.nav.navigate).toHaveBeenCalledWith(path);
  });

  test('the settlement entry says where certificates are found', async () => {
    await renderLoggedIn();
    expect(screen.getByRole('button', { name: 'settlement certificates' })).toHaveAccessibleDescription(
      'Open a settled loan in my loans to view its certificate.',
    );
  });

  test('log out asks first, and clears everything even when the call fails', async () => {
    const user = userEvent.setup();
    t.api.user.logout.mockRejectedValue(new ApiError('network connection failed', 'network'));
    await renderLoggedIn();
    await user.click(screen.getByRole('button', { name: 'log out' }));

    expect(t.ui.confirm).toHaveBeenCalledWith('Log out of this device?', { confirmText: 'log out', cancelText: 'cancel' });
    expect(t.api.user.logout).toHaveBeenCalledWith({ toast: false });
    expect(t.host.session.isLoggedIn).toBe(false);
    expect(t.host.session.userInfo).toBeNull();
    for (const key of ['token', 'tokenExpireTime', 'userInfo']) expect(window.localStorage.getItem(key)).toBeNull();
    expect(t.nav.navigate).toHaveBeenCalledWith('/');
    expect(screen.getByRole('button', { name: 'log in' })).toBeInTheDocument();
  });

  test('log out cancelled leaves the user logged in', async () => {
    const user = userEvent.setup();
    t.ui.confirm.mockResolvedValue(false);
    await renderLoggedIn();
    await user.click(screen.getByRole('button', { name: 'log out' }));
    expect(t.api.user.logout).not.toHaveBeenCalled();
    expect(t.host.session.isLoggedIn).toBe(true);
    expect(window.localStorage.getItem('token')).toBe('token-abc');
  });

  test('tapping the mine tab again refreshes the user', async () => {
    await renderLoggedIn();
    await act(async () => {
      t.host.tabTap.emit();
    });
    expect(t.api.user.userIndex).toHaveBeenCalledTimes(2);
  });
});

describe('due reminders by SMS', () => {
  const box = () => screen.getByRole('checkbox', { name: 'SMS 3 days before each due date, and the day after one is missed' });

  test('show what the server has on record, and turning them off is saved', async () => {
    const user = userEvent.setup();
    t.api.user.setReminders.mockResolvedValue(userIndex({ sms_reminders: false }));
    await renderLoggedIn();
    expect(box()).toBeChecked();
    await user.click(box());
    expect(t.api.user.setReminders).toHaveBeenCalledWith({ enabled: false }, { toast: false, loading: false });
    expect(box()).not.toBeChecked();
    expect(t.ui.toast).toHaveBeenCalledWith('Due reminders by SMS are off.', 'success');
  });

  test('a refusal keeps the choice as it was on record and says why beside it', async () => {
    const user = userEvent.setup();
    t.api.user.setReminders.mockRejectedValue(new ApiError('Network error, please try again.', -1));
    await renderLoggedIn();
    await user.click(box());
    expect(box()).toBeChecked();
    expect(box()).toHaveAccessibleDescription('Network error, please try again.');
    expect(box()).toBeEnabled();
  });

  test('are not offered before the server has said what is on record', () => {
    t.api.user.userIndex.mockReturnValue(new Promise(() => {}));
    logIn();
    renderPage(Profile, t.host);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

test('the language switch names each language in itself and switches the page', async () => {
  const user = userEvent.setup();
  await renderLoggedIn();
  const language = screen.getByRole('region', { name: 'language' });
  expect(within(language).getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  expect(within(language).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  const chinese = within(language).getByRole('button', { name: '简体中文' });
  expect(chinese).toHaveAttribute('lang', 'zh-CN');

  await user.click(chinese);
  expect(t.host.locale.locale).toBe('zh-CN');
  expect(window.localStorage.getItem('locale')).toBe('zh-CN');
  expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '我的借款' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '简体中文' })).toHaveAttribute('aria-pressed', 'true');

  await user.click(screen.getByRole('button', { name: 'English' }));
  expect(t.host.locale.locale).toBe('en');
  expect(screen.getByRole('button', { name: 'log out' })).toBeInTheDocument();
});
