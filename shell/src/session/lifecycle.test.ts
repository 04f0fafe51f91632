import { SessionStore } from '@instalment/host-sdk/session';
import { ENDPOINTS } from '@instalment/contract/api';
import type { Host } from '@instalment/host-sdk/host';
import { watchSession } from './lifecycle';

const login = (expiretime: number) => ({
  token: 'tok',
  expiretime,
  expires_in: 0,
  id: 1,
  user_id: 1,
  username: 'u',
  nickname: 'n',
  mobile: '13800000000',
  avatar: '',
  score: 0,
  money: '0.00',
  createtime: 0,
});
const user = {
  welcome: 'hi',
  id: 1,
  username: 'u',
  nickname: 'n',
  mobile: '13800000000',
  email: '',
  avatar: '',
  money: '1.00',
  score: 2,
  level: 3,
};

/** The user index answered by `userIndex(options)`, as the HTTP client's GET of its endpoint. */
function setup(now: { value: number }, userIndex: jest.Mock) {
  const session = new SessionStore(window.localStorage, () => now.value);
  const get = (url: string, _params: unknown, options: unknown) =>
    url === ENDPOINTS.userIndex ? userIndex(options) : Promise.reject(new Error(`unexpected GET ${url}`));
  const host = { session, http: { get } } as unknown as Host;
  return { session, host };
}

beforeEach(() => window.localStorage.clear());

test('on launch a stored token is validated and the user info refreshed', async () => {
  const now = { value: 1000 };
  const userIndex = jest.fn().mockResolvedValue(user);
  const { session, host } = setup(now, userIndex);
  session.setLogin(login(5000));
  const stop = watchSession(host);
  await Promise.resolve();
  await Promise.resolve();
  expect(userIndex).toHaveBeenCalledWith({ loading: false, toast: false });
  expect(session.userInfo).toMatchObject({ money: '1.00', level: 3, phone: '13800000000' });
  stop();
});

test('a failed check clears the token and the user info', async () => {
  const now = { value: 1000 };
  const { session, host } = setup(now, jest.fn().mockRejectedValue(new Error('401')));
  session.setLogin(login(5000));
  watchSession(host)();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(session.token).toBe('');
  expect(window.localStorage.getItem('userInfo')).toBeNull();
});

test('when the app is shown again past the expiry, the session is cleared', () => {
  const now = { value: 1000 };
  const userIndex = jest.fn().mockResolvedValue(user);
  const { session, host } = setup(now, userIndex);
  const stop = watchSession(host);
  session.setLogin(login(2000));
  now.value = 2000;
  document.dispatchEvent(new Event('visibilitychange'));
  expect(session.isLoggedIn).toBe(false);
  expect(window.localStorage.getItem('token')).toBeNull();
  stop();
});

test('a stored session already past its expiry is cleared on restore', () => {
  const now = { value: 1000 };
  const first = new SessionStore(window.localStorage, () => now.value);
  first.setLogin(login(1500));
  now.value = 1600;
  const next = new SessionStore(window.localStorage, () => now.value);
  next.restore();
  expect(next.isLoggedIn).toBe(false);
  expect(window.localStorage.getItem('userInfo')).toBeNull();
});
