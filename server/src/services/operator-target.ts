import { formatTarget, parseTarget } from './targets';

/**
 * How approvals and audit rows name an operator's account, and which confirmation an account
 * waits for: read by the approvals themselves as well as by the account changes that raise them,
 * so it lives apart from both.
 */
export const operatorTarget = (username: string) => formatTarget({ kind: 'operator', username });

/** The operator an approval's target names, or null when it names something else. */
export const accountOfTarget = (stored: string): string | null => {
  const target = parseTarget(stored);
  return target?.kind === 'operator' ? target.username : null;
};

/** Which confirmation an account waits for: of a new account, or of a renewed authenticator. */
export type Confirmation = 'confirm-new' | 'confirm-totp';
