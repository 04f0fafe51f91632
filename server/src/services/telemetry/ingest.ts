import { createHash } from 'node:crypto';
import { scrubMessage, type TelemetryBatch, type TelemetryError, type TelemetryView } from '@instalment/contract/api';
import type { Context } from '../../runtime/context';
import { groupKey, TelemetryRecords, type ErrorGroup, type ViewRow } from '../../repositories/telemetry';
import { SourceMaps } from './source-maps';

/** How long reports are kept: the Releases screen reads the last hour, the abort the latest views. */
const TELEMETRY_KEEP_MS = 7 * 24 * 3600 * 1000;

/**
 * The remote, release and route combinations one process counts in the client_* metrics: each is
 * a Prometheus series per label value, and anyone may post reports, so their number is bounded.
 */
const TELEMETRY_LABEL_SETS = 500;

/** A remote's release that a batch brought views or errors of. */
export interface TouchedRelease {
  remote: string;
  release: string;
}

export interface TelemetryOptions {
  /** Called once a batch is stored, with the releases it reported on (the canary's automatic abort). */
  afterIngest?: (touched: TouchedRelease[]) => Promise<void>;
}

/** Whole milliseconds, or null for a figure the browser did not measure. */
const ms = (value: number | undefined) => (value === undefined ? null : Math.round(value));

/**
 * Browsers' reports (POST /api/telemetry): each view and error counted in the metrics and stored
 * for the Releases screen, each error grouped by what it is and where the code is, mapped
 * through the release's source maps and logged once per release. Nothing personal is kept: the
 * schema admits routes as patterns only, and messages are scrubbed again here.
 */
export class TelemetryIngest {
  private readonly records: TelemetryRecords;
  private readonly maps: SourceMaps;
  /** The label sets the metrics count (TELEMETRY_LABEL_SETS). */
  private readonly labelSets = new Set<string>();

  constructor(
    private readonly ctx: Context,
    private readonly options: TelemetryOptions = {},
  ) {
    this.records = new TelemetryRecords(ctx.store);
    this.maps = new SourceMaps(ctx.config.releaseFiles);
  }

  async ingest(batch: TelemetryBatch): Promise<void> {
    const at = this.ctx.now();
    for (const view of batch.views) if (this.counted(view)) this.countView(view);
    await this.records.addViews(batch.views.map((view) => viewRow(view, at)));
    await this.storeErrors(batch.errors, at);
    const touched = new Map<string, TouchedRelease>();
    for (const { remote, release } of [...batch.views, ...batch.errors]) touched.set(`${remote}\n${release}`, { remote, release });
    if (touched.size > 0) await this.options.afterIngest?.([...touched.values()]);
  }

  /** Forgets reports older than TELEMETRY_KEEP_MS (a background job). */
  prune(): Promise<void> {
    return this.records.forgetBefore(this.ctx.now() - TELEMETRY_KEEP_MS);
  }

  private async storeErrors(errors: readonly TelemetryError[], at: number): Promise<void> {
    const groups = new Map<string, ErrorGroup & { count: number }>();
    for (const error of errors) {
      if (this.counted(error))
        this.ctx.metrics.clientErrors.inc({ remote: error.remote, release: error.release, route: error.route, kind: error.kind });
      const message = scrubMessage(error.message);
      const located = await this.maps.locate(error.remote, error.release, error.frames);
      const fingerprint = createHash('sha256')
        .update(`${error.kind}\n${message}\n${located?.frame ?? ''}`)
        .digest('hex')
        .slice(0, 32);
      const group = {
        remote: error.remote,
        release: error.release,
        fingerprint,
        kind: error.kind,
        message,
        source: located?.source ?? null,
      };
      const key = groupKey(group);
      const seen = groups.get(key);
      groups.set(key, { ...group, first_at: at, count: (seen?.count ?? 0) + 1 });
    }
    const created = await this.records.addGroups([...groups.values()].map(({ count: _count, ...group }) => group));
    for (const key of created) {
      const { remote, release, kind, message, source } = groups.get(key)!;
      // Once per release and error: the team's lead to the code, in its own files' terms.
      this.ctx.log.warn({ telemetry: { remote, release, kind, message, source } }, 'a remote release reported a new error');
    }
    await this.records.countErrors([...groups.values()], at);
  }

  private countView(view: TelemetryView): void {
    const labels = { remote: view.remote, release: view.release, route: view.route };
    this.ctx.metrics.clientViews.inc({ ...labels, side: view.side });
    for (const [name, value] of [
      ['LCP', view.lcp],
      ['INP', view.inp],
      ['TTFB', view.ttfb],
    ] as const) {
      if (value !== undefined) this.ctx.metrics.clientVitals.observe({ ...labels, name }, value / 1000);
    }
    if (view.cls !== undefined) this.ctx.metrics.clientCls.observe(labels, view.cls);
  }

  /** Whether a report's labels are among those the metrics count; counted as dropped when not. */
  private counted(report: TelemetryView | TelemetryError): boolean {
    const key = `${report.remote}\n${report.release}\n${report.route}`;
    if (this.labelSets.has(key)) return true;
    if (this.labelSets.size < TELEMETRY_LABEL_SETS) {
      this.labelSets.add(key);
      return true;
    }
    this.ctx.metrics.clientDropped.inc();
    return false;
  }
}

function viewRow(view: TelemetryView, at: number): ViewRow {
  return {
    remote: view.remote,
    release: view.release,
    side: view.side,
    route: view.route,
    fallback: view.fallback ? 1 : 0,
    lcp_ms: ms(view.lcp),
    inp_ms: ms(view.inp),
    cls: view.cls ?? null,
    ttfb_ms: ms(view.ttfb),
    at,
  };
}
