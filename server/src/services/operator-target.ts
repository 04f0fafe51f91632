/**
 * How approvals and audit rows name an operator's account, and which confirmation an account
 * waits for: read by the approvals themselves as well as by the account changes that raise them,
 * so it lives apart from both.
 */
const PREFIX = 'operator:';

export const operatorTarget = (username: string) => `${PREFIX}${username}`;

/** The operator an approval's target names, or null when it names something else. */
export const accountOfTarget = (target: string): string | null => (target.startsWith(PREFIX) ? target.slice(PREFIX.length) : null);

/** Which confirmation an account waits for: of a new account, or of a renewed authenticator. */
export type Confirmation = 'confirm-new' | 'confirm-totp';
