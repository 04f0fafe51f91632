import type { Page } from '@playwright/test';
import { CURRENT_AGREEMENT, register, sendSms, type HttpClient, type LoanApplication } from '../../packages/contract/src/api';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { apiUrl, newIdCard, newPhone, smsCode } from './support';

/** A 3-month application of ¥3,000 with an ID card no other journey used. */
export function application(changes: Partial<LoanApplication> = {}): LoanApplication {
  return {
    amount: '3000.00',
    term: 3,
    purpose: 'consumption',
    real_name: 'Wang Fang',
    id_card: newIdCard(),
    bank_card: '6222020200112233445',
    bank_name: 'Bank of China',
    agree_contract: true,
    ...changes,
  };
}

/** A new borrower signed up through the API, without a window: the API as they call it, their phone and their session's token. */
export async function borrowerThroughApi(): Promise<{ http: HttpClient; mobile: string; token: string }> {
  let token = '';
  const http = createHttpClient({ baseURL: apiUrl(), getToken: () => token, onUnauthorized: () => undefined });
  const mobile = newPhone();
  await sendSms(http, { mobile, event: 'register' });
  token = (await register(http, { ...CURRENT_AGREEMENT, mobile, code: await smsCode(mobile, 'register'), password: 'abc12345' })).userinfo
    .token;
  return { http, mobile, token };
}

/** The API as the borrower signed in to the app in `page` calls it (of another API process, given its address). */
export async function apiOf(page: Page, baseURL = apiUrl()): Promise<HttpClient> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  return createHttpClient({ baseURL, getToken: () => token, onUnauthorized: () => undefined });
}
