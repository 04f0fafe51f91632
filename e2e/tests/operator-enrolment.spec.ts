import { expect, test } from '@playwright/test';
import { authenticator } from 'otplib';
import { ADMIN_ENDPOINTS, type OperatorSession } from '../../packages/contract/src/api';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { addOperator, closeConsoleWindows, noViolations, qrText, signIn } from './operators';
import { apiUrl } from './support';

test.afterEach(closeConsoleWindows);

const STEP_MS = 30_000;
/** The code an authenticator shows `steps` time steps from now (the server accepts one step either way, each step once). */
const codeAt = (secret: string, steps: number) => authenticator.clone({ epoch: Date.now() + steps * STEP_MS }).generate(secret);
/** Waits for the authenticator's next time step, so that a code not used yet is shown. */
const nextStep = () => new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 500));

test('30. an admin creates an operator and is shown only an enrolment link; the operator enrols from it in their own browser (QR code read from the pixels), signs in and changes their password', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signIn(browser, await addOperator('admin'));
  await admin.getByRole('link', { name: 'Operators', exact: true }).click();
  const username = `enrol.${Date.now() % 100_000}`;
  const form = admin.getByRole('form', { name: 'New operator' });
  await form.getByLabel('Username').fill(username);
  await form.getByRole('checkbox', { name: 'Editor' }).check();
  await form.getByRole('button', { name: 'Create the account' }).click();

  const shown = admin.getByRole('region', { name: `Enrolment link for ${username}` });
  await expect(shown).toBeVisible();
  await noViolations(admin);
  // A link and its code: no password, no secret, no QR code for the admin.
  await expect(shown.getByRole('img')).toHaveCount(0);
  await expect(admin.getByTestId('totp-secret')).toHaveCount(0);
  await expect(shown).not.toContainText('otpauth');
  const link = (await shown.getByTestId('enrolment-link').textContent())!.trim();
  expect(new URL(link).hash).toMatch(/^#\/enrol\?code=[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Handed over: hide it' }).click();
  await expect(admin.getByTestId('enrolment-link')).toHaveCount(0);

  // The operator, in a browser of their own.
  const own = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  try {
    const page = await own.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: `Enrolling ${username}` })).toBeVisible();
    const otpauth = new URL(await qrText(page, `QR code of the authenticator secret for ${username}`));
    expect(otpauth.protocol).toBe('otpauth:');
    const secret = otpauth.searchParams.get('secret')!;
    await expect(page.getByTestId('totp-secret')).toHaveText(secret);
    await noViolations(page);
    await page.getByLabel('New password', { exact: true }).fill('Mine2026a');
    await page.getByLabel('New password again').fill('Mine2026a');
    // The code of the step before (an authenticator a little behind), so that this step's code still signs in.
    await page.getByLabel('Authenticator code').fill(codeAt(secret, -1));
    await page.getByRole('button', { name: 'Finish enrolment' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'You are enrolled. Sign in with your password and your authenticator.',
    );
    await page.getByRole('button', { name: 'Go to sign in' }).click();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('Mine2026a');
    await page.getByLabel('Authenticator code').fill(codeAt(secret, 0));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`${username} · Editor`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Operators', exact: true })).toHaveCount(0);
    // The admin's window never held the secret.
    expect(await admin.content()).not.toContain(secret);

    // A second session of theirs, elsewhere, in the next time step.
    await nextStep();
    let token = '';
    const elsewhere = createHttpClient({ baseURL: apiUrl(), getToken: () => token, tokenAs: 'bearer', onUnauthorized: () => undefined });
    token = (await elsewhere.post<OperatorSession>(ADMIN_ENDPOINTS.login, { username, password: 'Mine2026a', totp: codeAt(secret, 0) }))
      .token;
    await elsewhere.get(ADMIN_ENDPOINTS.me);

    await page.getByRole('link', { name: 'Change password' }).click();
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('Current password').fill('Mine2026a');
    await change.getByLabel('Authenticator code').fill(codeAt(secret, 1));
    await change.getByLabel('New password', { exact: true }).fill('Fresh2027b');
    await change.getByLabel('New password again').fill('Fresh2027b');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByRole('status')).toHaveText('Your password is changed; your other sessions have ended.');
    await noViolations(page);
    // The other session is over; this one goes on.
    await expect(elsewhere.get(ADMIN_ENDPOINTS.me)).rejects.toThrow();
    await page.getByRole('link', { name: 'News', exact: true }).click();
    await expect(page.getByText(`${username} · Editor`)).toBeVisible();
  } finally {
    await own.close();
  }
});
