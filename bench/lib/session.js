// A logged-in user for the pages that need one: registered through the API and its development
// SMS outbox, then handed to each browser context as the local storage the shell restores.

const { CURRENT_AGREEMENT } = require('../../packages/contract/src/api/agreements');
const { newPhone } = require('../../packages/testing/src/people');

async function call(apiUrl, method, route, body) {
  const response = await fetch(`${apiUrl}${route}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await response.json();
  if (envelope.code !== 1) throw new Error(`${route}: ${envelope.msg || response.status}`);
  return envelope.data;
}

/** The local storage entries of packages/host-sdk/src/session/store.ts for a freshly registered user. */
async function registerUser(apiUrl) {
  const mobile = newPhone();
  await call(apiUrl, 'POST', '/api/sms/send', { mobile, event: 'register' });
  const outbox = await call(apiUrl, 'GET', `/dev/sms-outbox?mobile=${mobile}`);
  const code = outbox.find((entry) => entry.event === 'register')?.code;
  if (!code) throw new Error('no registration code in the development outbox');
  const { userinfo } = await call(apiUrl, 'POST', '/api/user/register', { ...CURRENT_AGREEMENT, mobile, code, password: 'bench12345' });
  const stored = {
    id: Number(userinfo.id ?? userinfo.user_id ?? 0),
    username: userinfo.username ?? '',
    nickname: userinfo.nickname ?? '',
    phone: userinfo.mobile ?? '',
    email: '',
    avatar: userinfo.avatar ?? '',
    money: userinfo.money ?? '0.00',
    score: userinfo.score ?? 0,
    level: 1,
  };
  return { token: userinfo.token, tokenExpireTime: String(userinfo.expiretime), userInfo: JSON.stringify(stored) };
}

module.exports = { registerUser };
