import { useState } from 'react';
import type { LoginResult } from '@instalment/contract/api';
import { type Host, useHost } from '@instalment/host-sdk/host';

/**
 * Register and both logins end the same way: the session takes the login result (token,
 * expiretime as tokenExpireTime, userInfo; SPEC §3/§4), then the shell returns the user to
 * the page that sent them to login.
 */
export function completeLogin(host: Host, result: LoginResult): void {
  host.session.setLogin(result.userinfo);
  host.finishLogin();
}

/** What to show under the form when a call fails: the server's msg, already user-fit (SPEC §8). */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Call options for a form's own call: its failure is shown once, under the form, so no toast too. */
export const QUIET = { toast: false } as const;

/**
 * Sends a form: busy while in flight (a second tap does nothing), the failure kept to show
 * under the form with every field left as typed.
 */
export function useFormSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}

/** Sends a form whose answer is a login, and completes the login. */
export function useLoginSubmit() {
  const host = useHost();
  const form = useFormSubmit();
  return { ...form, submit: (request: () => Promise<LoginResult>) => form.submit(async () => completeLogin(host, await request())) };
}
