import {
  CANARY_ABORT,
  isCanary,
  releaseOf,
  releaseUrl,
  stableUrl,
  type ReleaseAction,
  type ReleaseChange,
  type ReleasesView,
  type RemoteRelease,
  type RemoteReleases,
} from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import { iso, type Context } from '../../runtime/context';
import type { Store } from '../../db/store';
import { ReleaseRecords } from '../../repositories/releases';
import type { AuditFact, AuditService } from '../audit';
import { reasonIn } from '../audit-reasons';
import type { Change } from '../change';
import { Refusal, sentenceOf } from '../refusals';
import type { ConfigStore, HostConfig } from './config-store';
import { checkRelease, hostSdkMajor } from './manifest';
import { prunePublished, publishedReleases } from './published';
import type { TelemetryFigures, ErrorRate } from '../telemetry/figures';
import type { TouchedRelease } from '../telemetry/ingest';
import { judgeCanary, rateOf, type AbortRule } from './rule';

/** What browsers reported of a release, as the Releases screen and the abort read it. */
export type ReleaseTelemetry = Pick<TelemetryFigures, 'releaseFigures' | 'errorRateOverLastViews'>;

/**
 * One lock for every change of the hosts' config files, which hold all the remotes: held across
 * the read, the history row and the write, by the console's API processes and the command line alike.
 */
export const RELEASES_LOCK = 'releases';

/** Who an automatic abort is filed under, in the history and the audit. */
export const SYSTEM = 'system';

const HOUR_MS = 3_600_000;
/** The changes the Releases screen lists per remote. */
const HISTORY_SHOWN = 10;

/** A remote as a team names it: its container's name (`mf_news`) or its package's (`mf-news`). */
export const remoteName = (given: string): string => given.trim().replace(/-/g, '_');

/** An action checked before any lock is taken: the remote exists, a new release's manifest answers. */
export interface PreparedAction {
  remote: string;
  action: ReleaseAction;
  /** The manifest URL checked for a release; null for promote and rollback. */
  checked: string | null;
}

/** What a change makes of a remote's entry. */
interface Next {
  action: ReleaseChange['action'];
  to: RemoteRelease;
}

/**
 * The stable a rollback brings back: the one that was stable when the current stable was released
 * or promoted (a rollback or an abort that brought the current one back is not that moment), so
 * that two rollbacks go two releases back. Null when the history has no such change.
 */
export function previousStable(history: readonly ReleaseChange[], current: string): string | null {
  const change = history.find(
    (row) =>
      (row.action === 'release' || row.action === 'promote') &&
      stableUrl(row.to) === current &&
      row.from !== null &&
      stableUrl(row.from) !== current,
  );
  return change?.from ? stableUrl(change.from) : null;
}

/** The releases a config entry names: its stable, and its canary if any. */
const urlsOf = (entry: RemoteRelease | null): string[] => (entry === null ? [] : isCanary(entry) ? [entry.stable, entry.canary] : [entry]);

/** Since when the newest changes have kept `live` true of the entry: the change that made it so; null when none did. */
function sinceOf(history: readonly ReleaseChange[], live: (entry: RemoteRelease) => boolean): string | null {
  for (const change of history) {
    if (!live(change.to)) return null;
    if (change.from === null || !live(change.from)) return change.at;
  }
  return null;
}

/**
 * The remotes' releases: which release each host loads (the hosts' config.json), a canary's share,
 * the history of every change, the published releases kept, and the automatic abort of a canary
 * that fails its borrowers (CANARY_ABORT). Every change is made under one database lock, with its
 * history row in the same transaction, whoever asks: the console, a team's command, the API itself.
 */
export class ReleaseService {
  private readonly rule: AbortRule;

  /** `configs`: where the hosts' configs are (`configStoreOf`); null: releases are read, not changed, here. */
  constructor(
    private readonly ctx: Context,
    private readonly audit: AuditService,
    private readonly telemetry: ReleaseTelemetry | null,
    private readonly configs: ConfigStore | null,
  ) {
    this.rule = { ...CANARY_ABORT, minViews: ctx.config.releaseAbortMinViews };
  }

  private get store(): ConfigStore {
    if (!this.configs) throw new Refusal(sentenceOf('releasesNotChanged'));
    return this.configs;
  }

  /** Each remote the hosts load, as the Releases screen shows it; none where no host config is named. */
  async view(locale: Locale): Promise<ReleasesView> {
    if (!this.configs) return { remotes: [] };
    const config = await this.configs.read();
    return { remotes: await Promise.all(Object.entries(config.remotes).map(([remote, entry]) => this.remoteView(remote, entry, locale))) };
  }

  private async remoteView(remote: string, entry: RemoteRelease, locale: Locale): Promise<RemoteReleases> {
    const history = await new ReleaseRecords(this.ctx.store).of(remote);
    const stable = stableUrl(entry);
    const canary = isCanary(entry) ? entry : null;
    const since = iso(this.ctx.now() - HOUR_MS);
    // Live now first (stable, canary), then what was live during the hour: an aborted canary's
    // errors are what its team reads next.
    const lately = history.filter((change) => change.at >= since).flatMap((change) => [change.from, change.to]);
    const releases = [...new Set([stable, ...(canary ? [canary.canary] : []), ...lately.flatMap(urlsOf)].map(releaseOf))];
    const figures = this.telemetry
      ? await Promise.all(releases.map((release) => this.telemetry!.releaseFigures(remote, release, since)))
      : [];
    // A device that fell back reports its views under the stable that drew them: they are the canary's to answer for.
    if (canary && figures.length > 1) {
      figures[1] = { ...figures[1], fallbacks: figures[0].fallbacks };
      figures[0] = { ...figures[0], fallbacks: 0 };
    }
    return {
      remote,
      stable: { release: releaseOf(stable), url: stable, since: sinceOf(history, (to) => stableUrl(to) === stable) },
      canary: canary && {
        release: releaseOf(canary.canary),
        url: canary.canary,
        percent: canary.percent,
        since: sinceOf(history, (to) => isCanary(to) && to.canary === canary.canary),
      },
      figures,
      history: history
        .slice(0, HISTORY_SHOWN)
        .map((change) => ({ ...change, reason: change.reason === null ? null : reasonIn(change.reason, locale) })),
      published: await publishedReleases(this.ctx.config.releaseFiles[remote]),
    };
  }

  /** Refuses, before any lock is taken, what cannot be done: a remote the hosts do not load, a release whose manifest does not fit. */
  async prepare(given: string, action: ReleaseAction): Promise<PreparedAction> {
    const configs = this.store;
    const remote = remoteName(given);
    const entry = (await configs.read()).remotes[remote];
    if (!entry) throw new Refusal(sentenceOf('releaseRemoteUnknown', { remote: given }));
    if (action.action !== 'release') return { remote, action, checked: null };
    const url = releaseUrl(stableUrl(entry), action.release);
    await checkRelease(remote, url, hostSdkMajor(await configs.hostManifest()));
    return { remote, action, checked: url };
  }

  /** Makes a prepared change in `tx` (taking the releases' lock in it), filed under `by`. */
  async apply(tx: Store, prepared: PreparedAction, by: string): Promise<Change<null>> {
    const { remote, action } = prepared;
    const change = await this.rewrite(tx, remote, by, null, async (entry, history): Promise<Next> => {
      if (action.action === 'release') {
        const url = releaseUrl(stableUrl(entry), action.release);
        // The stable's address changed by hand since the check: the release beside it is checked again.
        if (url !== prepared.checked) await checkRelease(remote, url, hostSdkMajor(await this.store.hostManifest()));
        return action.percent === undefined
          ? { action: 'release', to: url }
          : { action: 'canary', to: { stable: stableUrl(entry), canary: url, percent: action.percent } };
      }
      if (action.action === 'promote') {
        if (!isCanary(entry)) throw new Refusal(sentenceOf('releaseNoCanary', { remote }));
        return { action: 'promote', to: entry.canary };
      }
      if (isCanary(entry)) return { action: 'rollback', to: entry.stable };
      const previous = previousStable(history, entry);
      if (previous === null) throw new Refusal(sentenceOf('releaseNoPrevious', { remote, release: releaseOf(entry) }));
      return { action: 'rollback', to: previous };
    });
    // An action's `next` always changes the entry, or refuses.
    return change!;
  }

  /** A team's command: the change and its audit row in one write, filed under `by` (`cli:<user>`) from `address`. */
  async act(given: string, action: ReleaseAction, by: string, address: string): Promise<Change<null>> {
    const prepared = await this.prepare(given, action);
    return this.ctx.store.write([RELEASES_LOCK], async (tx) => {
      const change = await this.apply(tx, prepared, by);
      await this.audit.record(this.factOf(change, by, address, null), tx);
      return change;
    });
  }

  /**
   * After browsers' reports: each remote whose canary release got some is judged by the abort
   * rule over the latest views of its canary and its stable, and a canary the rule stops is rolled
   * back by the API itself, filed under `system` with its figures, in the history and the audit.
   * Once: the write checks, under the lock, that the canary judged is still the live one.
   */
  async checkCanaries(touched: readonly TouchedRelease[]): Promise<void> {
    if (!this.configs || !this.telemetry || touched.length === 0) return;
    // The reports are stored whatever becomes of the check: a config that cannot be read is the log's to say.
    const config = await this.configs.read().catch((error: unknown) => {
      this.ctx.log.error({ err: error }, 'canary check: the host config cannot be read');
      return null;
    });
    for (const [remote, entry] of Object.entries(config?.remotes ?? {})) {
      if (!isCanary(entry) || !touched.some((release) => release.remote === remote && release.release === releaseOf(entry.canary)))
        continue;
      const [canary, stable] = await Promise.all(
        [entry.canary, entry.stable].map((url) => this.telemetry!.errorRateOverLastViews(remote, releaseOf(url), this.rule.minViews)),
      );
      if (!judgeCanary(canary, stable, this.rule)) continue;
      const perThousand = (rate: ErrorRate) => (rateOf(rate) * 1000).toFixed(1);
      const reason = sentenceOf('releaseAbortReason', { canary: perThousand(canary), views: canary.views, stable: perThousand(stable) })(
        'en',
      );
      const aborted = await this.ctx.store.write([RELEASES_LOCK], async (tx) => {
        const change = await this.rewrite(tx, remote, SYSTEM, reason, async (live) =>
          isCanary(live) && live.canary === entry.canary ? { action: 'abort', to: live.stable } : null,
        );
        if (change) await this.audit.record(this.factOf(change, SYSTEM, SYSTEM, reason), tx);
        return change !== null;
      });
      if (aborted) this.ctx.log.warn({ remote, release: releaseOf(entry.canary), reason }, 'canary aborted');
    }
  }

  private factOf(change: Change<null>, by: string, address: string, reason: string | null): AuditFact {
    return {
      operator: { id: null, username: by, roles: [] },
      address,
      action: reason === null ? 'release.change' : 'release.abort',
      target: change.target,
      before: change.before,
      after: change.after,
      outcome: 'done',
      reason,
    };
  }

  /**
   * The read-modify-write of the hosts' configs under the lock: `next` decides from the entry and
   * history as they are now (null: nothing to do), the history row is added, every config file
   * rewritten alike, and the remote's published releases beyond RELEASE_KEEP pruned. The row comes
   * first: a config that cannot be written undoes it with the transaction.
   */
  private async rewrite(
    tx: Store,
    remote: string,
    by: string,
    reason: string | null,
    next: (entry: RemoteRelease, history: ReleaseChange[]) => Promise<Next | null>,
  ): Promise<Change<null> | null> {
    return tx.write([RELEASES_LOCK], async (locked) => {
      const configs = this.store;
      const config: HostConfig = await configs.read();
      const entry = config.remotes[remote];
      if (!entry) throw new Refusal(sentenceOf('releaseRemoteUnknown', { remote }));
      const records = new ReleaseRecords(locked);
      const change = await next(entry, await records.of(remote));
      if (change === null) return null;
      await records.add({ remote, action: change.action, from: entry, to: change.to, by, reason, at: this.ctx.now() });
      config.remotes[remote] = change.to;
      await configs.write(config);
      const stable = stableUrl(change.to);
      const live = new Set([stable, ...(isCanary(change.to) ? [change.to.canary] : [])].map(releaseOf));
      const previous = previousStable(await records.of(remote), stable);
      if (previous !== null) live.add(releaseOf(previous));
      await prunePublished(this.ctx.config.releaseFiles[remote], this.ctx.config.releaseKeep, live);
      return { target: `release:${remote}`, before: { [remote]: entry }, after: { [remote]: change.to }, answer: null };
    });
  }
}
