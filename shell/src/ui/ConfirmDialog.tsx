import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { commonMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import type { ConfirmRequest } from './UiStore';
import styles from './overlays.module.css';

/**
 * The modal confirmation (WAI-ARIA alertdialog): Escape answers "no", Tab and Shift+Tab stay
 * inside it, and focus goes back where it was when it closes.
 */
export function ConfirmDialog({ request, answer }: { request: ConfirmRequest; answer: (yes: boolean) => void }) {
  const t = useT(commonMessages);
  const dialog = useRef<HTMLDivElement>(null);
  // Read while rendering: by the time effects run, autoFocus has already moved focus inside.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => () => opener?.focus(), [opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      answer(false);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const buttons = Array.from(dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])'));
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      {/* The dialog keeps Tab inside itself and closes on Escape (WAI-ARIA dialog pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above */}
      <div
        ref={dialog}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-message"
        onKeyDown={onKeyDown}
      >
        <p id="confirm-message">{request.message}</p>
        <div className={styles.actions}>
          <Button onClick={() => answer(false)}>{request.cancelText ?? t('cancel')}</Button>
          {/* A modal dialog moves focus into itself on opening (WAI-ARIA dialog pattern). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- see above */}
          <Button variant="primary" onClick={() => answer(true)} autoFocus>
            {request.confirmText ?? t('confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
