import { initial } from './001-initial';
import { loginSecurity } from './002-login-security';
import { ledger } from './003-ledger';
import { profile } from './004-profile';
import { rateLimits } from './005-rate-limits';
import { usernameKey } from './006-username-key';
import { consents } from './007-consents';
import { leases } from './008-leases';
import { reminders } from './009-reminders';
import { gatewayPayments } from './010-gateway-payments';
import { operations } from './011-operations';
import { uploadHashes } from './012-upload-hashes';
import { readVersions } from './013-read-versions';
import { reconciliation } from './014-reconciliation';
import { rejectReasons } from './015-reject-reasons';
import { sealedIdentity } from './016-sealed-identity';
import { accountClosing } from './017-account-closing';
import { operatorEnrolment } from './018-operator-enrolment';
import { keyChecks } from './019-key-checks';
import { strangers } from './020-strangers';
import { differenceReasons } from './021-difference-reasons';
import { articleLanguages } from './022-article-languages';
import { idTailIndexes } from './023-id-tail-index';
import { autopay } from './024-autopay';
import { autopayHistory } from './025-autopay-history';
import { telemetry } from './026-telemetry';
import { releases } from './027-releases';
import { autopayChargePayment } from './028-autopay-charge-payment';
import type { Migration } from './migration';

export type { Migration, MigrationStep, RowRewrite } from './migration';

/**
 * Forward-only schema migrations, applied in order at start inside one transaction each. A
 * migration, once landed, is never edited: a change to the schema is a new file here with the
 * next version, appended to `MIGRATIONS`. Each is SQL in SQLite's spelling; PostgreSQL reads it
 * through `postgresDdl` (db/postgres.ts).
 *
 * Money is integer fen, instants are epoch milliseconds (`*_at`) or epoch seconds where the
 * contract fixes seconds (`createtime`, `expiretime`), due dates are the platform's calendar
 * dates ('YYYY-MM-DD').
 */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  loginSecurity,
  ledger,
  profile,
  rateLimits,
  usernameKey,
  consents,
  leases,
  reminders,
  gatewayPayments,
  operations,
  uploadHashes,
  readVersions,
  reconciliation,
  rejectReasons,
  sealedIdentity,
  accountClosing,
  operatorEnrolment,
  keyChecks,
  strangers,
  differenceReasons,
  articleLanguages,
  idTailIndexes,
  autopay,
  autopayHistory,
  telemetry,
  releases,
  autopayChargePayment,
];
