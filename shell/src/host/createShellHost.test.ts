import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { userIndex } from '@instalment/contract/api';
import { createShellHost, type Navigator } from './createShellHost';

function fakeRouter(pathname = '/pages/loan/detail', search = '?order_no=L1') {
  const navigate = jest.fn();
  const router: Navigator = { navigate, state: { location: { pathname, search } } };
  return { router, navigate };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '');
});

test('back with only one page in history goes to /', () => {
  const { router, navigate } = fakeRouter();
  createShellHost({ apiBaseURL: 'http://api.test' }, router).back();
  expect(navigate).toHaveBeenCalledWith('/', { replace: true });
});

test('back with history goes back one page', () => {
  const { router, navigate } = fakeRouter();
  window.history.replaceState({ idx: 2 }, '');
  createShellHost({ apiBaseURL: 'http://api.test' }, router).back();
  expect(navigate).toHaveBeenCalledWith(-1);
});

test('a page that needs login sends the user to login and back again after it', () => {
  const { router, navigate } = fakeRouter();
  const host = createShellHost({ apiBaseURL: 'http://api.test' }, router);
  host.requireLogin();
  expect(navigate).toHaveBeenLastCalledWith('/pages/login/login', undefined);
  host.finishLogin();
  expect(navigate).toHaveBeenLastCalledWith('/pages/loan/detail?order_no=L1', { replace: true });
});

test('after a login nobody asked for, the user goes home', () => {
  const { router, navigate } = fakeRouter('/pages/login/login', '');
  createShellHost({ apiBaseURL: 'http://api.test' }, router).finishLogin();
  expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
});

test('the tab-tap event reaches the pages that subscribed, until they leave', () => {
  const { router } = fakeRouter();
  const host = createShellHost({ apiBaseURL: 'http://api.test' }, router);
  const handler = jest.fn();
  const unsubscribe = host.onTabTap(handler);
  host.tabTap.emit();
  unsubscribe();
  host.tabTap.emit();
  expect(handler).toHaveBeenCalledTimes(1);
});

test('a 401 answer clears the session and goes to login with the spec message', async () => {
  // A real HTTP server answering FastAdmin's 401 (jsdom's XMLHttpRequest talks to it over CORS).
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'token, content-type');
    if (req.method === 'OPTIONS') return res.end();
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 401, msg: 'Please login first', time: 0, data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const { router, navigate } = fakeRouter();
  const host = createShellHost({ apiBaseURL: `http://127.0.0.1:${port}` }, router);
  host.session.setLogin({
    token: 't',
    expiretime: Math.floor(Date.now() / 1000) + 3600,
    expires_in: 3600,
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
  try {
    await expect(userIndex(host.http)).rejects.toThrow('login expired, please log in again');
    expect(host.session.isLoggedIn).toBe(false);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenLastCalledWith('/pages/login/login', undefined);
    expect(host.uiStore.toastItem?.message).toBe('login expired, please log in again');
  } finally {
    server.close();
  }
});
