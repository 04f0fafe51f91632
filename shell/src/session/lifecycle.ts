import { userIndex } from '@instalment/contract/api';
import type { Host } from '@instalment/host-sdk/host';

const quiet = { loading: false, toast: false } as const;

/**
 * SPEC §4: on launch a stored token is validated with the user index; when the app is shown
 * again a logged-in session is checked, and cleared if it has expired or the server refuses it.
 */
export function watchSession(host: Pick<Host, 'session' | 'http'>, doc: Document = document): () => void {
  const validate = () => host.session.validate(() => userIndex(host.http, quiet));
  if (host.session.token) void validate();
  const onVisibility = () => {
    if (doc.visibilityState !== 'visible' || !host.session.token) return;
    if (host.session.isExpired()) host.session.clear();
    else void validate();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  return () => doc.removeEventListener('visibilitychange', onVisibility);
}
