import { useT } from '@instalment/shared/host';
import { SettingEditor } from '@instalment/shared/ops';
import { opsPaymentMessages } from './messages';

/** Where borrowers' money goes: the cashier's channels and the transfer account, each changed with four eyes. */
export default function OpsReceiving() {
  const t = useT(opsPaymentMessages);
  return (
    <>
      <SettingEditor setting="payment_channels" label={t('channels')} />
      <SettingEditor setting="bank_info" label={t('bankInfo')} />
    </>
  );
}
