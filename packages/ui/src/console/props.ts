import type { OperatorIdentity } from '@instalment/contract/api';

/** The operator signed in to the console. */
export type OperatorInfo = OperatorIdentity;

/**
 * What every console screen receives from the ops host, beside the Host door (HostContext: the
 * HTTP client with the operator's bearer token, the language, toasts, navigation).
 */
export interface ConsolePageProps {
  query: Record<string, string>;
  operator: OperatorInfo;
  /**
   * The operator may read the screen but not do its work (the auditor, `mayRead` without `mayDo`):
   * its actions are hidden (`consoleScreen`, `Acts`). Absent from an older host: shown, and the server
   * still refuses what the roles do not allow.
   */
  readOnly?: boolean;
}
