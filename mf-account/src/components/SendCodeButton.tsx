import { useRef, useState } from 'react';
import type { SmsEvent } from '@instalment/shared/api';
import { useHost, useT } from '@instalment/shared/host';
import { Button } from '@instalment/shared/ui';
import { validatePhone } from '@instalment/shared/validation';
import { accountMessages } from '../messages';
import styles from './SendCodeButton.module.css';
import { useCountdown } from './useCountdown';

/** How long before another code may be asked for. */
export const RESEND_SECONDS = 60;

interface SendCodeButtonProps {
  mobile: string;
  event: SmsEvent;
  /** The phone is wrong: its field should show why, since no code was sent. */
  onInvalidPhone: () => void;
}

/** Sends the SMS code once, then counts down before it can be sent again. */
export function SendCodeButton({ mobile, event, onInvalidPhone }: SendCodeButtonProps) {
  const host = useHost();
  const t = useT(accountMessages);
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  // State updates land after the render; a ref refuses a second tap within the same frame.
  const inFlight = useRef(false);

  const send = async () => {
    if (inFlight.current || remaining > 0) return;
    if (validatePhone(mobile) !== null) {
      onInvalidPhone();
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      await host.api.user.sendSms({ mobile, event });
      start(RESEND_SECONDS);
      setSentOnce(true);
      host.ui.toast(t('codeSent'), 'success');
    } catch {
      // The HTTP client has already shown the server's reason; the button is free to retry.
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const label = sending ? t('sendingCode') : remaining > 0 ? t('resendIn', { seconds: remaining }) : sentOnce ? t('resendCode') : t('sendCode');
  return (
    <Button size="small" className={styles.send} busy={sending} disabled={remaining > 0} onClick={send}>
      {label}
    </Button>
  );
}
