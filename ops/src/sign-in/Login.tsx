import { useState } from 'react';
import { ApiError } from '@instalment/host-sdk/http';
import { useT } from '@instalment/host-sdk/host';
import type { OperatorInfo } from '@instalment/ui/console';
import { Button, Field } from '@instalment/ui/kit';
import type { ConsoleHost } from '../host/createConsoleHost';
import { hostMessages } from '../host/messages';

/** Password and authenticator code; a refusal is said beside the form and what was typed stays. */
export function Login({
  host,
  notice,
  onLoggedIn,
}: {
  host: ConsoleHost;
  notice: string | null;
  onLoggedIn: (operator: OperatorInfo) => void;
}) {
  const t = useT(hostMessages);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <main className="ops-login">
      <h1>{t('signIn')}</h1>
      {notice && <p role="status">{notice}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setBusy(true);
          setError(null);
          host
            .login(String(form.get('username')), String(form.get('password')), String(form.get('totp')))
            .then(onLoggedIn, (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)))
            .finally(() => setBusy(false));
        }}
      >
        <Field label={t('username')} name="username" autoComplete="username" required />
        <Field label={t('password')} name="password" type="password" autoComplete="current-password" required />
        <Field label={t('totp')} name="totp" inputMode="numeric" autoComplete="one-time-code" hint={t('totpHint')} required />
        {error && (
          <p role="alert" className="ops-error">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" block busy={busy}>
          {t('login')}
        </Button>
      </form>
    </main>
  );
}
