import { SANDBOX_ENDPOINTS } from '@instalment/contract/api';
import type { TestServer } from '../../helpers';

export const RETURN_URL = 'http://localhost:3000/#/pages/payment/repay';

/** The sandbox gateway's Pay button for a payment: the `result` it sends the browser back with. */
export async function payAtGateway(server: Pick<TestServer, 'baseURL'>, paymentNo: string): Promise<string> {
  const response = await fetch(`${server.baseURL}${SANDBOX_ENDPOINTS.confirm}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_no: paymentNo, channel: 'alipay', return_url: RETURN_URL, decision: 'pay' }),
    redirect: 'manual',
  });
  const location = response.headers.get('location') ?? '';
  return new URLSearchParams(location.slice(location.indexOf('?', location.indexOf('#')) + 1)).get('result') ?? '';
}
