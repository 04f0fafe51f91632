import type { BankInfo, PaymentChannel } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { consoleScreen, SettingForm, useSettings } from '@instalment/ui/console';
import { Checkbox, Field, useForm, useRuleForm } from '@instalment/ui/kit';
import { validateFreeText, validateRequired } from '@instalment/contract/validation';
import { consolePaymentMessages } from './messages';

/** Which channels the cashier offers: one switch each, the channels themselves kept as in force. */
function ChannelsForm({ channels }: { channels: PaymentChannel[] }) {
  const t = useT(consolePaymentMessages);
  const form = useForm<Record<string, boolean>>(
    () => Object.fromEntries(channels.map((channel) => [channel.code, channel.enabled])),
    () => ({}),
  );
  return (
    <SettingForm
      setting="payment_channels"
      label={t('channels')}
      value={() => channels.map((channel) => ({ ...channel, enabled: form.values[channel.code] }))}
    >
      {channels.map((channel) => (
        <Checkbox key={channel.code} role="switch" {...form.checkbox(channel.code)}>
          {t('channelOn', { name: channel.name, code: channel.code })}
        </Checkbox>
      ))}
    </SettingForm>
  );
}

/**
 * The account borrowers transfer to. Its number is typed twice and refused unless both match,
 * since a wrong digit sends every transfer to a stranger.
 */
function BankInfoForm({ bank }: { bank: BankInfo }) {
  const t = useT(consolePaymentMessages);
  const form = useRuleForm(
    { ...bank, account_no_again: bank.account_no },
    {
      bank_name: validateRequired,
      account_name: validateRequired,
      account_no: validateRequired,
      account_no_again: (value, values) => (value === values.account_no ? null : 'accountNoMismatch'),
      branch: validateFreeText,
      remark_hint: validateFreeText,
    },
  );
  const value = (): BankInfo | null => {
    if (!form.validate()) return null;
    const { account_no_again: _confirmation, ...asked } = form.values;
    return asked;
  };
  return (
    <SettingForm setting="bank_info" label={t('bankInfo')} value={value}>
      <Field label={t('bankName')} {...form.field('bank_name')} />
      <Field label={t('branch')} {...form.field('branch')} />
      <Field label={t('accountName')} {...form.field('account_name')} />
      <Field label={t('accountNo')} inputMode="numeric" autoComplete="off" {...form.field('account_no')} />
      <Field
        label={t('accountNoAgain')}
        inputMode="numeric"
        autoComplete="off"
        onPaste={(event) => event.preventDefault()}
        {...form.field('account_no_again')}
      />
      <Field label={t('remarkHint')} {...form.field('remark_hint')} />
    </SettingForm>
  );
}

/** Where borrowers' money goes: the cashier's channels and the transfer account, each changed with four eyes. */
function ConsoleReceiving() {
  const settings = useSettings();
  if (!settings) return null;
  return (
    <>
      <ChannelsForm channels={settings.payment_channels} />
      <BankInfoForm bank={settings.bank_info} />
    </>
  );
}

export default consoleScreen(ConsoleReceiving);
