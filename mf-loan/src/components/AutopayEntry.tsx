import { useHost, useT } from '@instalment/host-sdk/host';
import { PATHS } from '@instalment/contract/paths';
import { Button, useLoad } from '@instalment/ui/kit';
import { autopay } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';
import { autopayMessages } from '../autopay-messages';

/**
 * The way to automatic repayment from a loan: "Repay automatically", or "Autopay on" once the
 * borrower's agreement is active; either opens the payment remote's page. Nothing while autopay is
 * not offered, or its state cannot be read (the loan's page is whole without it).
 */
export function AutopayEntry() {
  const host = useHost();
  const api = useApi({ autopay: { autopay } });
  const t = useT(autopayMessages);
  const { data } = useLoad(() => api.autopay.autopay({ loading: false, toast: false }), [host]);
  if (!data?.offered) return null;
  return <Button onClick={() => host.navigate(PATHS.autopay)}>{data.state === 'active' ? t('autopayOn') : t('repayAutomatically')}</Button>;
}
