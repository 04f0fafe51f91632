import type { LoginResult } from '@instalment/shared/api';
import type { Host } from '@instalment/shared/host';

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
