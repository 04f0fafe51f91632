import { expect, type Page, test } from '@playwright/test';
import { apiUrl, heading, lastScreen, newPhone, open, registerThroughUi, smsCode } from './support';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

test('1. register with phone + SMS code → logged in → profile shows the phone masked', async ({ page }, testInfo) => {
  const phone = newPhone();
  await registerThroughUi(page, phone);
  await expect(page).toHaveURL(/#\/$/);
  await page.getByRole('button', { name: 'mine' }).click();
  await expect(heading(page)).toHaveText('mine');
  await expect(page.getByText(masked(phone)).first()).toBeVisible();
  await expect(page.getByText(phone)).toHaveCount(0);
  await lastScreen(page, testInfo);
});

async function logOut(page: Page) {
  await open(page, '/pages/profile/profile');
  await page.getByRole('button', { name: 'log out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'log out' }).click();
  await open(page, '/pages/profile/profile');
  await expect(page.getByRole('button', { name: 'log out' })).toHaveCount(0);
}

test('2. log out, log in by password, log out, log in by SMS', async ({ page }, testInfo) => {
  const phone = newPhone();
  await registerThroughUi(page, phone, 'pass1234');
  await expect(page).toHaveURL(/#\/$/);
  await logOut(page);

  await open(page, '/pages/login/login');
  await page.getByRole('tab', { name: 'password login' }).click();
  await page.getByLabel('account').fill(phone);
  await page.getByLabel('password', { exact: true }).fill('pass1234');
  await page.getByRole('button', { name: 'log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);
  await logOut(page);

  // The 60 s resend wait is per phone and event: the login code may follow the register code at once.
  await open(page, '/pages/login/login');
  await page.getByRole('tab', { name: 'SMS code login' }).click();
  await page.getByLabel('phone number').fill(phone);
  await page.getByRole('button', { name: /send code/i }).click();
  await page.getByLabel('verification code').fill(await smsCode(phone, 'mobilelogin'));
  await page.getByRole('button', { name: 'log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);
  await open(page, '/pages/profile/profile');
  await expect(page.getByText(masked(phone)).first()).toBeVisible();
  await lastScreen(page, testInfo);
});

test('8. the token expires on the server mid-session → login with the message → back where the user was', async ({ page }, testInfo) => {
  const phone = newPhone();
  await registerThroughUi(page, phone, 'pass1234');
  await expect(page).toHaveURL(/#\/$/);
  await open(page, '/pages/loan/loan');
  await expect(heading(page)).toHaveText('my loans');
  // The session expires while the person reads a settled page, not while it is still loading.
  await expect(page.getByText('You have no loans yet.')).toBeVisible();

  const expired = await fetch(`${apiUrl()}/dev/expire-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: phone }),
  });
  expect(expired.ok).toBe(true);

  await page.getByRole('button', { name: 'back' }).waitFor();
  await page.evaluate(() => (window.location.hash = '#/pages/profile/userinfo'));
  await expect(page.getByText('login expired, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/pages\/login\/login/);

  await page.getByRole('tab', { name: 'password login' }).click();
  await page.getByLabel('account').fill(phone);
  await page.getByLabel('password', { exact: true }).fill('pass1234');
  await page.getByRole('button', { name: 'log in', exact: true }).click();
  await expect(page).toHaveURL(/pages\/profile\/userinfo/);
  await expect(heading(page)).toHaveText('my profile data');
  await lastScreen(page, testInfo);
});

test('SMS login of an unknown phone signs it up only once the person agrees to the terms and the privacy policy', async ({
  page,
}, testInfo) => {
  const phone = newPhone();
  await open(page, '/pages/login/login');
  await page.getByLabel('phone number').fill(phone);
  await page.getByRole('button', { name: /send code/i }).click();
  await page.getByLabel('verification code').fill(await smsCode(phone, 'mobilelogin'));
  await page.getByRole('button', { name: 'log in', exact: true }).click();
  await expect(page.getByText(/This phone number has no account yet/)).toBeVisible();
  const consent = page.getByRole('checkbox', { name: /I have read and agree/ });
  await expect(consent).toBeFocused();
  // The code was not used up by the refusal: ticking the box is all it takes.
  await consent.check();
  await page.getByRole('button', { name: 'log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);
  await open(page, '/pages/profile/profile');
  await expect(page.getByText(masked(phone)).first()).toBeVisible();
  await lastScreen(page, testInfo);
});
