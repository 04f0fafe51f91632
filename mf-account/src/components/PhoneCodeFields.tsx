import type { SmsEvent } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { Field, type FieldProps } from '@instalment/ui/kit';
import { accountMessages } from '../messages';
import { SendCodeButton } from './SendCodeButton';

type InputProps = Omit<FieldProps, 'label'>;

/** The phone and the SMS code sent to it, as register and SMS login both ask for them. */
export function PhoneCodeFields({
  phone,
  code,
  event,
  onInvalidPhone,
  phoneLabel,
}: {
  phone: InputProps & { value: string };
  code: InputProps;
  event: SmsEvent;
  onInvalidPhone: () => void;
  /** "new phone number" where the account moves to another phone. */
  phoneLabel?: string;
}) {
  const t = useT(accountMessages);
  return (
    <>
      <Field
        label={phoneLabel ?? t('phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('phonePlaceholder')}
        {...phone}
      />
      <CodeField mobile={phone.value} event={event} onInvalidPhone={onInvalidPhone} {...code} />
    </>
  );
}

/** The SMS code field, with the button that sends a code for `event` to `mobile`. */
export function CodeField({
  mobile,
  event,
  onInvalidPhone,
  ...input
}: InputProps & { mobile: string; event: SmsEvent; onInvalidPhone: () => void }) {
  const t = useT(accountMessages);
  return (
    <Field
      label={t('code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('codePlaceholder')}
      {...input}
      addon={<SendCodeButton mobile={mobile} event={event} onInvalidPhone={onInvalidPhone} />}
    />
  );
}
