import { expect, test } from '@playwright/test';
import { apiUrl, heading, lastScreen, newPhone, open, PNG, registerThroughUi, smsCode } from './support';

test('forgot password → reset by SMS code → log in with the new password', async ({ page }, testInfo) => {
  const phone = newPhone();
  await registerThroughUi(page, phone, 'pass1234');
  await expect(page).toHaveURL(/#\/$/);
  await page.evaluate(() => window.localStorage.clear());

  await open(page, '/pages/login/login');
  await page.getByRole('tab', { name: 'password login' }).click();
  await page.getByRole('link', { name: 'forgot password?' }).click();
  await expect(heading(page)).toHaveText('reset password');
  await page.getByLabel('phone number').fill(phone);
  await page.getByRole('button', { name: /send code/i }).click();
  await page.getByLabel('verification code').fill(await smsCode(phone, 'resetpwd'));
  await page.getByLabel('new password').fill('renewed99');
  await page.getByRole('button', { name: 'reset password' }).click();

  await expect(heading(page)).toHaveText('login');
  await page.getByRole('tab', { name: 'password login' }).click();
  await page.getByLabel('account').fill(phone);
  await page.getByLabel('password', { exact: true }).fill('renewed99');
  await page.getByRole('button', { name: 'log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);
  await lastScreen(page, testInfo);
});

test('change password elsewhere → this session’s old token is refused → login', async ({ page }, testInfo) => {
  const phone = newPhone();
  await registerThroughUi(page, phone, 'pass1234');
  await expect(page).toHaveURL(/#\/$/);

  // A second session of the same account changes the password.
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${apiUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    }).then((response) => response.json() as Promise<{ code: number; data: { userinfo: { token: string } } | null }>);
  const other = await post('/api/user/login', { account: phone, password: 'pass1234' });
  const changed = await post('/api/user/changepwd', { oldpassword: 'pass1234', newpassword: 'changed77' }, other.data!.userinfo.token);
  expect(changed.code).toBe(1);

  await open(page, '/pages/profile/userinfo');
  await expect(heading(page)).toHaveText('login');
  await lastScreen(page, testInfo);
});

test('edit nickname and avatar → shown on "mine"', async ({ page }, testInfo) => {
  const phone = newPhone();
  await registerThroughUi(page, phone, 'pass1234');
  await expect(page).toHaveURL(/#\/$/);

  await open(page, '/pages/profile/profile');
  await page
    .getByRole('link', { name: 'edit profile' })
    .or(page.getByRole('button', { name: 'edit profile' }))
    .first()
    .click();
  await expect(heading(page)).toHaveText('edit profile');
  await page.getByLabel('new avatar picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('nickname').fill('Han Meimei');
  await page.getByRole('button', { name: 'save' }).click();

  // Saving returns to "mine", which shows the saved profile from the session.
  await expect(heading(page)).toHaveText('mine');
  await expect(page.getByText('Han Meimei').first()).toBeVisible();
  const avatar = page.getByRole('img', { name: "Han Meimei's avatar" }).first();
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /\/uploads\/.*signature=/);
  await lastScreen(page, testInfo);
});
