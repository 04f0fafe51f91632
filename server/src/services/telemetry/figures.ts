import type { ReleaseFigures } from '@instalment/contract/api';
import type { Store } from '../../db/store';
import { TelemetryRecords } from '../../repositories/telemetry';

/** The errors a release's figures list. */
const TOP_ERRORS = 5;

/** A release's errors over its latest views: what the canary's automatic abort compares. */
export interface ErrorRate {
  views: number;
  errors: number;
}

/** The rank of the 75th percentile among `count` samples (nearest rank). */
const p75Rank = (count: number) => Math.ceil(0.75 * count);

/** What browsers reported of a release, read for the Releases screen and the canary's abort. */
export class TelemetryFigures {
  private readonly records: TelemetryRecords;

  constructor(store: Store) {
    this.records = new TelemetryRecords(store);
  }

  /** A release's views, errors, speed (p75) and top errors since `sinceIso`. */
  async releaseFigures(remote: string, release: string, sinceIso: string): Promise<ReleaseFigures> {
    const since = Date.parse(sinceIso);
    const counts = await this.records.viewCounts(remote, release, since);
    const percentile = (figure: 'lcp_ms' | 'inp_ms', samples: number) =>
      samples === 0 ? Promise.resolve(null) : this.records.ranked(remote, release, since, figure, p75Rank(samples));
    const errors = await this.records.errorCountSince(remote, release, since);
    const top = await this.records.errorsSince(remote, release, since, TOP_ERRORS);
    return {
      release,
      views: counts.views,
      errors,
      errors_per_1000: counts.views === 0 ? null : (errors * 1000) / counts.views,
      lcp_p75_ms: await percentile('lcp_ms', counts.lcp),
      inp_p75_ms: await percentile('inp_ms', counts.inp),
      fallbacks: counts.fallbacks,
      top_errors: top.map((error) => ({ ...error, last_at: new Date(error.last_at).toISOString() })),
    };
  }

  /**
   * A release's errors since its `minViews`-th newest view (that view's arrival until now), and
   * the views in that window. With fewer views than `minViews`, all of them and all its errors:
   * `views < minViews` says the rule cannot judge yet.
   */
  async errorRateOverLastViews(remote: string, release: string, minViews: number): Promise<ErrorRate> {
    const since = (await this.records.nthNewestViewAt(remote, release, minViews)) ?? 0;
    const { views } = await this.records.viewCounts(remote, release, since);
    return { views, errors: await this.records.errorCountSince(remote, release, since) };
  }
}
