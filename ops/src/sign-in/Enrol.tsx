import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { EnrolmentBegun } from '@instalment/contract/api';
import { validatePassword, validationMessage } from '@instalment/contract/validation';
import { ApiError } from '@instalment/host-sdk/http';
import { useLocale, useT } from '@instalment/host-sdk/host';
import { Button, Field } from '@instalment/ui/kit';
import { useConsoleApi } from '@instalment/ui/console';
import { hostMessages } from '../host/messages';
import { TotpQr } from './TotpQr';

/** The console's enrolment page: the link an admin hands a new operator (or one whose TOTP was reset) carries `?code=`. */
export const ENROL_PATH = '/enrol';

const reasonOf = (failure: unknown) => (failure instanceof ApiError ? failure.message : String(failure));

/**
 * An operator's own enrolment, signed out: the code an admin gave them shows a new authenticator
 * secret (QR code and text) to them alone; they choose their password (or confirm the one they
 * keep after a TOTP reset) and prove the authenticator with a code; then they sign in.
 */
export function Enrol() {
  const { operators } = useConsoleApi();
  const t = useT(hostMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const given = new URLSearchParams(useLocation().search).get('code') ?? '';
  const [code, setCode] = useState('');
  const [begun, setBegun] = useState<EnrolmentBegun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolled, setEnrolled] = useState(false);
  // Each start shows a new secret: a code is started once, or a second secret would replace the one scanned.
  const started = useRef<string | null>(null);
  const start = (value: string) => {
    if (started.current === value) return;
    started.current = value;
    setBusy(true);
    setError(null);
    operators
      .beginEnrolment(value, { toast: false })
      .then(
        (answer) => {
          setCode(value);
          setBegun(answer);
        },
        (failure: unknown) => {
          started.current = null;
          setError(reasonOf(failure));
        },
      )
      .finally(() => setBusy(false));
  };
  useEffect(() => {
    if (given) start(given);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once per code in the link
  }, [given]);

  const alert = error && (
    <p role="alert" className="ops-error">
      {error}
    </p>
  );
  if (enrolled)
    return (
      <main className="ops-login">
        <h1>{t('enrolTitle')}</h1>
        <p role="status">{t('enrolled')}</p>
        <Button variant="primary" block onClick={() => navigate('/', { replace: true })}>
          {t('toSignIn')}
        </Button>
      </main>
    );
  if (!begun)
    return (
      <main className="ops-login">
        <h1>{t('enrolTitle')}</h1>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            start(String(new FormData(event.currentTarget).get('code')).trim());
          }}
        >
          <Field label={t('enrolmentCode')} name="code" defaultValue={given} autoComplete="off" hint={t('enrolIntro')} required />
          {alert}
          <Button type="submit" variant="primary" block busy={busy}>
            {t('enrolStart')}
          </Button>
        </form>
      </main>
    );
  return (
    <main className="ops-login">
      <h1>{t('enrolTitle')}</h1>
      <h2>{t('enrolFor', { username: begun.username })}</h2>
      <p>{t('enrolScan')}</p>
      <TotpQr otpauth={begun.otpauth} label={t('totpQr', { username: begun.username })} />
      <dl>
        <dt>{t('totpSecret')}</dt>
        <dd>
          <code data-testid="totp-secret">{begun.totp_secret}</code>
        </dd>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const password = String(form.get('password'));
          if (!begun.password_kept) {
            const problem = validatePassword(password);
            if (problem) return setError(validationMessage(problem, locale));
            if (password !== String(form.get('repeat'))) return setError(t('passwordsDiffer'));
          }
          setBusy(true);
          setError(null);
          operators
            .enrol({ code, password, totp: String(form.get('totp')).trim() }, { toast: false })
            .then(
              () => setEnrolled(true),
              (failure: unknown) => setError(reasonOf(failure)),
            )
            .finally(() => setBusy(false));
        }}
      >
        {/* The username lets a password manager file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={begun.username} />
        {begun.password_kept ? (
          <Field label={t('keptPassword')} name="password" type="password" autoComplete="current-password" required />
        ) : (
          <>
            <Field label={t('newPassword')} name="password" type="password" autoComplete="new-password" required />
            <Field label={t('repeatPassword')} name="repeat" type="password" autoComplete="new-password" required />
          </>
        )}
        <Field label={t('totp')} name="totp" inputMode="numeric" autoComplete="one-time-code" hint={t('totpHint')} required />
        {alert}
        <Button type="submit" variant="primary" block busy={busy}>
          {t('enrolFinish')}
        </Button>
      </form>
    </main>
  );
}
