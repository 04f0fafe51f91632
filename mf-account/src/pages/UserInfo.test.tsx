import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserIndex } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { loginUserinfo } from '@instalment/testing/fixtures';
import UserInfo from './UserInfo';

let t: ReturnType<typeof createTestHost>;

const fresh: UserIndex = {
  welcome: 'Welcome',
  id: 7,
  username: 'lilei',
  nickname: 'Li Lei',
  mobile: '13812345678',
  email: 'lilei@example.com',
  avatar: 'https://cdn.test/a.png',
  money: '2000.00',
  score: 42,
  level: 4,
  bio: '',
  sms_reminders: true,
};

beforeEach(() => {
  window.localStorage.clear();
  t = createTestHost();
});

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

test('shows the stored fields at once, then the refreshed ones, phone and e-mail masked', async () => {
  let answer!: (value: UserIndex) => void;
  t.api.user.userIndex.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  t.host.session.setLogin(loginUserinfo());
  renderPage(UserInfo, t.host);

  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  expect(row('nickname')).toHaveTextContent('Li Lei');
  expect(row('e-mail')).toHaveTextContent('not set');
  expect(t.api.user.userIndex).toHaveBeenCalledWith({ loading: false, toast: false });

  await act(async () => answer(fresh));
  expect(row('user ID')).toHaveTextContent('7');
  expect(row('username')).toHaveTextContent('lilei');
  expect(row('phone number')).toHaveTextContent('138****5678');
  expect(row('e-mail')).toHaveTextContent('l****@example.com');
  expect(row('balance')).toHaveTextContent('¥2,000.00');
  expect(row('points')).toHaveTextContent('42');
  expect(row('level')).toHaveTextContent('Lv.4');
  expect(screen.getByRole('img', { name: "Li Lei's avatar" })).toHaveAttribute('src', 'https://cdn.test/a.png');
  expect(screen.queryByText('13812345678')).not.toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem('userInfo')!)).toEqual({
    id: 7,
    username: 'lilei',
    nickname: 'Li Lei',
    phone: '13812345678',
    email: 'lilei@example.com',
    avatar: 'https://cdn.test/a.png',
    bio: '',
    money: '2000.00',
    score: 42,
    level: 4,
  });
});

test('a failed refresh over stored data says so and retries', async () => {
  const user = userEvent.setup();
  t.api.user.userIndex.mockRejectedValueOnce(new ApiError('network connection failed', 'network')).mockResolvedValueOnce(fresh);
  t.host.session.setLogin(loginUserinfo());
  renderPage(UserInfo, t.host);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not refresh your data: network connection failed');
  expect(row('nickname')).toHaveTextContent('Li Lei');
  await user.click(screen.getByRole('button', { name: 'retry' }));
  expect(row('username')).toHaveTextContent('lilei');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('with nothing stored, loads with the overlay and shows an error with retry on failure', async () => {
  const user = userEvent.setup();
  t.api.user.userIndex.mockRejectedValueOnce(new ApiError('request failed', 0)).mockResolvedValueOnce(fresh);
  renderPage(UserInfo, t.host);
  expect(screen.getByRole('status')).toHaveTextContent('loading...');
  expect(t.api.user.userIndex).toHaveBeenCalledWith({ loading: true, toast: false });
  expect(await screen.findByRole('alert')).toHaveTextContent('request failed');
  await user.click(screen.getByRole('button', { name: 'retry' }));
  expect(row('nickname')).toHaveTextContent('Li Lei');
});

test('a username that is the phone is not shown: only the masked phone is', async () => {
  t.api.user.userIndex.mockResolvedValue({ ...fresh, username: '13812345678', nickname: '138****5678', avatar: '' });
  t.host.session.setLogin(loginUserinfo());
  renderPage(UserInfo, t.host);
  expect(await screen.findByText('138****5678', { selector: 'dd' })).toBeInTheDocument();
  await act(async () => undefined);
  expect(screen.queryByText('username', { selector: 'dt' })).not.toBeInTheDocument();
  expect(document.body).not.toHaveTextContent('13812345678');
  // A masked phone has no telling initial: a person glyph stands in.
  expect(screen.getByRole('img', { name: "138****5678's avatar" })).toHaveTextContent('\u{1F464}');
});
