import type { AppConfig } from '../settings/config';
import type { Services } from '../composition/services';
import type { Job } from './runner';

/** How often applications whose review time has come are approved: an applicant waits at most this past it. */
const APPROVAL_EVERY_MS = 5_000;
/** How often open payments are checked with the gateway, in case a notify was lost. */
const RECONCILE_EVERY_MS = 60_000;
/** How often refunds pending at the gateway are looked up: their differences stay locked until then. */
const PENDING_REFUNDS_EVERY_MS = 60_000;
/** How often due reminders are looked for (each is sent once, whenever the day's run finds it). */
const REMINDERS_EVERY_MS = 15 * 60_000;
/** How often the due-date charge looks for a charge hour that has come (and asks about charges in flight). */
const AUTOPAY_EVERY_MS = 5 * 60_000;
/** How often closed accounts past their retention period are looked for: a day late is no harm, a busy database is. */
const RETENTION_EVERY_MS = 60 * 60_000;
/** How often browsers' reports past their week are forgotten. */
const TELEMETRY_PRUNE_EVERY_MS = 60 * 60_000;

/** Every background job of the API: one line each. */
export function backgroundJobs(services: Services, config: AppConfig, sweepRateLimits: () => Promise<void>): Job[] {
  return [
    { name: 'approvals', everyMs: APPROVAL_EVERY_MS, run: () => services.loans.approveDue(null) },
    { name: 'payment reconciliation', everyMs: RECONCILE_EVERY_MS, run: () => services.payments.reconcileOpen() },
    { name: 'pending refunds', everyMs: PENDING_REFUNDS_EVERY_MS, run: () => services.reconciliation.settlePending() },
    { name: 'due reminders', everyMs: REMINDERS_EVERY_MS, run: () => services.reminders.sendDue() },
    { name: 'autopay', everyMs: AUTOPAY_EVERY_MS, run: () => services.autopay.run() },
    { name: 'retention', everyMs: RETENTION_EVERY_MS, run: () => services.retention.eraseExpired() },
    { name: 'telemetry prune', everyMs: TELEMETRY_PRUNE_EVERY_MS, run: () => services.telemetry.prune() },
    {
      name: 'stored sweeps',
      everyMs: config.limits.chunkSweepSeconds * 1000,
      run: async () => {
        await services.uploads.sweepChunks();
        await sweepRateLimits();
        await services.tokens.sweep();
      },
    },
  ];
}
