import type { Cashier } from '@instalment/shared/api';
import type { Host } from '@instalment/shared/host';
import { PAGES } from '@instalment/shared/pages';

/**
 * The gateway page for a payment: the cashier's pay_url (already carrying payment_no) on the
 * API host, with the chosen channel and the app URL the gateway returns to.
 */
export function gatewayUrl(
  host: Pick<Host, 'apiBaseURL' | 'routeUrl'>,
  cashier: Pick<Cashier, 'pay_url' | 'order_no'>,
  channel: string,
): string {
  const returnUrl = host.routeUrl(PAGES.repay.path, { order_no: cashier.order_no });
  const joiner = cashier.pay_url.includes('?') ? '&' : '?';
  return `${host.apiBaseURL}${cashier.pay_url}${joiner}channel=${encodeURIComponent(channel)}&return_url=${encodeURIComponent(returnUrl)}`;
}

/** Leaves the app for the gateway. Its own module so that tests can stand in for the browser's navigation. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
