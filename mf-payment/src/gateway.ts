import { type BoundCalls, cashier, type CashierQuery } from '@instalment/contract/api';
import type { Host } from '@instalment/host-sdk/host';
import { PATHS } from '@instalment/contract/paths';

/** What a page names to `useApi(...)` for `gatewayUrl`. */
export const GATEWAY_CALLS = { loan: { cashier } };

/**
 * The gateway's page for this payment, as the server signs it (Alipay's URL, or the sandbox's):
 * the cashier asked again with the channel chosen and the repay page the gateway returns to.
 */
export async function gatewayUrl(
  host: Pick<Host, 'routeUrl'>,
  api: BoundCalls<typeof GATEWAY_CALLS>,
  selection: Pick<CashierQuery, 'order_no' | 'periods' | 'payoff'>,
  channel: string,
): Promise<string> {
  const return_url = host.routeUrl(PATHS.repay, { order_no: selection.order_no });
  const answer = await api.loan.cashier({ ...selection, channel, return_url }, { toast: false });
  if (!answer.pay_url) throw new Error('the cashier gave no payment page');
  return answer.pay_url;
}

/** Leaves the app for the gateway. Its own module so that tests can stand in for the browser's navigation. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
