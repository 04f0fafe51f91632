import { useEffect, useRef, useState } from 'react';
import { sendSms, type SmsEvent, type SmsWait } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import { validatePhone } from '@instalment/contract/validation';
import { accountMessages } from '../messages';
import styles from './SendCodeButton.module.css';
import { useCountdown } from './useCountdown';
import { useApi } from '@instalment/ui/facade';

/** How long before another code may be asked for. */
export const RESEND_SECONDS = 60;

interface SendCodeButtonProps {
  mobile: string;
  event: SmsEvent;
  /** The phone is wrong: its field should show why, since no code was sent. */
  onInvalidPhone: () => void;
}

/** Where a countdown outlives the page: per phone and event, for this tab only. */
const storageKey = (mobile: string, event: SmsEvent) => `sms-wait:${event}:${mobile}`;

function savedSeconds(mobile: string, event: SmsEvent): number {
  const endsAt = Number(window.sessionStorage.getItem(storageKey(mobile, event)));
  return Number.isFinite(endsAt) ? Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)) : 0;
}

/** The seconds the server asks to wait (sms/send's refusal carries `data: { wait }`), or null. */
function waitOf(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const wait = (error.data as Partial<SmsWait> | null)?.wait;
  return typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : null;
}

/** Sends the SMS code once, then counts down before it can be sent again. */
export function SendCodeButton({ mobile, event, onInvalidPhone }: SendCodeButtonProps) {
  const host = useHost();
  const api = useApi({ user: { sendSms } });
  const t = useT(accountMessages);
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  // State updates land after the render; a ref refuses a second tap within the same frame.
  const inFlight = useRef(false);

  const countDown = (seconds: number) => {
    window.sessionStorage.setItem(storageKey(mobile, event), String(Date.now() + seconds * 1000));
    start(seconds);
  };

  // Each phone has its own countdown: one begun earlier (the page was left, or the phone
  // retyped) goes on, another phone's does not hold this one back.
  useEffect(() => start(savedSeconds(mobile, event)), [mobile, event, start]);

  const send = async () => {
    if (inFlight.current || remaining > 0) return;
    if (validatePhone(mobile) !== null) {
      onInvalidPhone();
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      await api.user.sendSms({ mobile, event });
      countDown(RESEND_SECONDS);
      setSentOnce(true);
      host.ui.toast(t('codeSent'), 'success');
    } catch (error) {
      // The HTTP client has already shown the server's reason; a wait it names is counted down,
      // otherwise the button is free to retry.
      const wait = waitOf(error);
      if (wait !== null) countDown(wait);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const label = sending
    ? t('sendingCode')
    : remaining > 0
      ? t('resendIn', { seconds: remaining })
      : sentOnce
        ? t('resendCode')
        : t('sendCode');
  return (
    <Button size="small" className={styles.send} busy={sending} disabled={remaining > 0} onClick={send}>
      {label}
    </Button>
  );
}
