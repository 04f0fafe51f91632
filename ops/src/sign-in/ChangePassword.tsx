import { useState } from 'react';
import { validatePassword, validationMessage } from '@instalment/contract/validation';
import { ApiError } from '@instalment/host-sdk/http';
import { useLocale, useT } from '@instalment/host-sdk/host';
import { Button, Field } from '@instalment/ui/kit';
import { useConsoleApi } from '@instalment/ui/console';
import { hostMessages } from '../host/messages';

/** Where a signed-in operator changes their own password. */
export const PASSWORD_PATH = '/password';

/** The operator's own password: the current one and a code prove it is them; their other sessions end, this one stays. */
export function ChangePassword() {
  const { operators } = useConsoleApi();
  const t = useT(hostMessages);
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="ops-password"
      aria-label={t('changePassword')}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const fields = new FormData(form);
        const newPassword = String(fields.get('new_password'));
        const problem = validatePassword(newPassword);
        setChanged(false);
        if (problem) return setError(validationMessage(problem, locale));
        if (newPassword !== String(fields.get('repeat'))) return setError(t('passwordsDiffer'));
        setBusy(true);
        setError(null);
        operators
          .changePassword(
            { password: String(fields.get('password')), totp: String(fields.get('totp')).trim(), new_password: newPassword },
            { toast: false },
          )
          .then(
            () => {
              setChanged(true);
              form.reset();
            },
            (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Field label={t('currentPassword')} name="password" type="password" autoComplete="current-password" required />
      <Field label={t('totp')} name="totp" inputMode="numeric" autoComplete="one-time-code" hint={t('totpHint')} required />
      <Field label={t('newPassword')} name="new_password" type="password" autoComplete="new-password" required />
      <Field label={t('repeatPassword')} name="repeat" type="password" autoComplete="new-password" required />
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {changed && <p role="status">{t('passwordChanged')}</p>}
      <Button type="submit" variant="primary" busy={busy}>
        {t('changePassword')}
      </Button>
    </form>
  );
}
