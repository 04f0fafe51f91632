import { Fragment, useId, useState } from 'react';
import {
  CANARY_ABORT,
  isCanary,
  releaseOf,
  type ReleaseAction,
  type ReleaseChange,
  type ReleaseError,
  type ReleaseFigures,
  type RemoteRelease,
  type RemoteReleases,
} from '@instalment/contract/api';
import { inZone, shownTime } from '@instalment/contract/format';
import type { Locale, Translate } from '@instalment/contract/i18n';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import {
  Acts,
  DataTable,
  consoleMessages,
  Stacked,
  useConsoleApi,
  useMayAct,
  type Column,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { Button, Loadable, useLoad } from '@instalment/ui/kit';
import { hostMessages } from '../host/messages';

type Words = Translate<keyof (typeof hostMessages)['en']>;

/** A release live now on a remote, with its last hour (none when no browser reported it). */
interface Live {
  side: 'stable' | 'canary';
  release: string;
  since: string | null;
  percent: number | null;
  figures: ReleaseFigures | undefined;
}

/** One of a remote's top errors, with the release it was reported from. */
type ReportedError = ReleaseError & { release: string; key: string };

/** Below a second a duration reads in milliseconds ("180 ms"), above it in seconds to a tenth ("1.2 s"). */
const SECOND_MS = 1000;

/** The figures as the reader's language writes numbers: views counted, errors per 1,000 to a tenth, durations in ms or s. */
function figuresIn(locale: Locale, t: Words) {
  const whole = new Intl.NumberFormat(locale);
  const tenth = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    count: (n: number | undefined) => whole.format(n ?? 0),
    rate: (n: number | null | undefined) => (n === null || n === undefined ? t('releaseNoFigure') : tenth.format(n)),
    duration: (ms: number | null | undefined) => {
      if (ms === null || ms === undefined) return t('releaseNoFigure');
      return ms < SECOND_MS
        ? t('releaseMs', { n: whole.format(Math.round(ms)) })
        : t('releaseSeconds', { n: tenth.format(ms / SECOND_MS) });
    },
  };
}

/** A config entry in release names: `1.4.0`, or `1.4.0 + canary 1.5.0 on 10 %`. */
function entryIn(entry: RemoteRelease | null, t: Words): string {
  if (entry === null) return t('changeEntryNone');
  if (!isCanary(entry)) return releaseOf(entry);
  return t('changeEntryCanary', { stable: releaseOf(entry.stable), canary: releaseOf(entry.canary), percent: entry.percent });
}

/** Who changed it: an operator by name, a team's command as its user, the API's own abort as "automatic". */
function whoIn(by: string, t: Words): string {
  if (by === 'system') return t('changeBySystem');
  return by.startsWith('cli:') ? t('changeByCommand', { user: by.slice('cli:'.length) }) : by;
}

/** A path or URL that may break after each `/`: a built file's address is longer than a column of a 1,280 px desk. */
function Breakable({ text }: { text: string }) {
  return text.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

/**
 * One remote: its live releases with their last hour and, for who may act, its actions in their
 * rows (each confirmed first); its top errors with where in the team's code they come from; its
 * history, newest first, an automatic abort with its reason (and above all, when it is the last change).
 */
function Remote({ remote, zone, changed }: { remote: RemoteReleases; zone: string; changed: () => Promise<void> }) {
  const { ui } = useHost();
  const api = useConsoleApi();
  const t = useT(hostMessages);
  const common = useT(consoleMessages);
  const locale = useLocale();
  const mayAct = useMayAct();
  const heading = useId();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // No release is chosen for the reader: the newest published one may be a canary just aborted.
  const [chosen, setChosen] = useState('');
  const figures = figuresIn(locale, t);
  const name = remote.remote;
  const { stable, canary } = remote;

  /** Asks first; the server's refusal is shown here in the reader's language, and a form keeps what was chosen. */
  const act = async (question: string, action: ReleaseAction): Promise<boolean> => {
    if (!(await ui.confirm(question))) return false;
    setBusy(true);
    setRefused(null);
    try {
      await api.releases.act(name, action, { toast: false });
      ui.toast(common('done'), 'success');
      await changed();
      return true;
    } catch (error) {
      setRefused(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const figuresOf = (release: string) => remote.figures.find((row) => row.release === release);
  const live: Live[] = [
    { side: 'stable', release: stable.release, since: stable.since, percent: null, figures: figuresOf(stable.release) },
    ...(canary ? [{ side: 'canary' as const, ...canary, figures: figuresOf(canary.release) }] : []),
  ];
  const reported = remote.figures.some((row) => row.views > 0 || row.errors > 0);
  const errors: ReportedError[] = remote.figures.flatMap((row) =>
    row.top_errors.map((error, index) => ({ ...error, release: row.release, key: `${row.release}-${index}` })),
  );
  const latest: ReleaseChange | undefined = remote.history[0];
  const stopped = latest?.action === 'abort' ? latest : null;

  const actions = (row: Live) => {
    if (row.side === 'canary')
      return (
        <>
          <Button
            size="small"
            variant="primary"
            busy={busy}
            onClick={() =>
              void act(t('promoteConfirm', { remote: name, canary: row.release, stable: stable.release }), { action: 'promote' })
            }
          >
            {t('promoteCanary')}
          </Button>{' '}
          <Button
            size="small"
            variant="danger"
            busy={busy}
            onClick={() =>
              void act(t('endCanaryConfirm', { remote: name, canary: row.release, stable: stable.release }), { action: 'rollback' })
            }
          >
            {t('rollBack')}
          </Button>
        </>
      );
    // With a canary live, rolling back ends the canary: it is offered in the canary's row only.
    if (canary) return null;
    return (
      <Button
        size="small"
        variant="danger"
        busy={busy}
        onClick={() => void act(t('rollBackConfirm', { remote: name, stable: stable.release }), { action: 'rollback' })}
      >
        {t('rollBack')}
      </Button>
    );
  };

  const liveColumns: Column<Live>[] = [
    {
      header: t('releaseColumn'),
      cell: (row) => (
        <Stacked
          first={row.release}
          second={row.side === 'stable' ? t('releaseStable') : t('releaseCanary', { percent: row.percent ?? 0 })}
        />
      ),
    },
    { header: inZone(t('releaseSince'), zone), cell: (row) => (row.since ? shownTime(row.since, zone) : t('releaseSinceUnknown')) },
    { header: t('releaseViews'), cell: (row) => figures.count(row.figures?.views) },
    { header: t('releaseErrorRate'), cell: (row) => figures.rate(row.figures?.errors_per_1000) },
    { header: t('releaseLcp'), cell: (row) => figures.duration(row.figures?.lcp_p75_ms) },
    { header: t('releaseInp'), cell: (row) => figures.duration(row.figures?.inp_p75_ms) },
    { header: t('releaseFallbacks'), cell: (row) => figures.count(row.figures?.fallbacks) },
    ...(mayAct ? [{ header: common('actions'), shape: 'actions' as const, cell: actions }] : []),
  ];

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{name}</h2>
      {stopped && (
        <p className="ops-error">
          <strong>
            {t('abortNotice', {
              canary: stopped.from && isCanary(stopped.from) ? releaseOf(stopped.from.canary) : entryIn(stopped.from, t),
              at: inZone(shownTime(stopped.at, zone), zone),
              reason: stopped.reason ?? '',
            })}
          </strong>
        </p>
      )}
      {/* A remote always has a stable release: this table is never empty. */}
      <DataTable caption={t('releasesLive', { remote: name })} rows={live} rowKey={(row) => row.side} columns={liveColumns} empty="" />
      <Acts>
        {remote.published.length === 0 ? (
          <p>{t('releaseNonePublished', { remote: name })}</p>
        ) : (
          <form
            className="ops-filter"
            aria-label={t('releaseForm', { remote: name })}
            onSubmit={(event) => {
              event.preventDefault();
              const form = event.currentTarget;
              const data = new FormData(form);
              const release = chosen;
              const share = String(data.get('percent') ?? '').trim();
              const percent = Number(share);
              const [question, action]: [string, ReleaseAction] =
                share === ''
                  ? [t('releaseConfirm', { remote: name, release }), { action: 'release', release }]
                  : [
                      t('releaseCanaryConfirm', { remote: name, release, percent, stable: stable.release }),
                      { action: 'release', release, percent },
                    ];
              void act(question, action).then((done) => {
                if (!done) return;
                form.reset();
                setChosen('');
              });
            }}
          >
            <label>
              {t('releasePublished')}{' '}
              <select name="release" required value={chosen} onChange={(event) => setChosen(event.target.value)}>
                <option value="" disabled>
                  {t('releaseChoose')}
                </option>
                {remote.published.map((release) => (
                  <option key={release} value={release}>
                    {release}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('releasePercent')} <input type="number" name="percent" min={1} max={99} step={1} />
            </label>
            <Button type="submit" size="small" variant="primary" busy={busy} disabled={chosen === ''}>
              {t('release')}
            </Button>
          </form>
        )}
        {refused && (
          <p role="alert" className="ops-error">
            {refused}
          </p>
        )}
      </Acts>
      <DataTable
        caption={t('releaseErrors', { remote: name })}
        rows={errors}
        rowKey={(row) => row.key}
        empty={reported ? t('releaseNoErrors') : t('releaseNoReports')}
        columns={[
          { header: t('releaseColumn'), shape: 'code', cell: (row) => row.release },
          { header: t('errorKind'), cell: (row) => t(`errorKind_${row.kind}`) },
          { header: t('errorCount'), shape: 'code', cell: (row) => figures.count(row.count) },
          { header: t('errorMessage'), cell: (row) => <Breakable text={row.message} /> },
          {
            header: t('errorSource'),
            cell: (row) =>
              row.source ? (
                <code>
                  <Breakable text={row.source} />
                </code>
              ) : (
                t('errorUnmapped')
              ),
          },
          { header: inZone(t('errorLast'), zone), cell: (row) => shownTime(row.last_at, zone) },
        ]}
      />
      <DataTable
        caption={t('releaseHistory', { remote: name })}
        rows={remote.history}
        rowKey={(row) => row.id}
        empty={t('releaseHistoryNone', { remote: name })}
        columns={[
          { header: inZone(t('when'), zone), cell: (row) => shownTime(row.at, zone) },
          { header: t('changeBy'), cell: (row) => whoIn(row.by, t) },
          {
            header: t('action'),
            cell: (row) => (
              <>
                {t(`change_${row.action}`)}
                {row.reason && (
                  <>
                    <br />
                    <strong>{t('abortReason', { reason: row.reason })}</strong>
                  </>
                )}
              </>
            ),
          },
          { header: t('changeFromTo'), cell: (row) => `${entryIn(row.from, t)} → ${entryIn(row.to, t)}` },
        ]}
      />
    </section>
  );
}

/**
 * What runs where and how it behaves, for the remotes' teams: per remote, the stable release and
 * any canary with its share, since when, the last hour of browsers' reports per live release,
 * its top errors at their original file and line, and its history. Who holds `releases` releases,
 * promotes and rolls back here; the auditor reads it all and acts on nothing.
 */
export function Releases({ operator }: ConsolePageProps) {
  const api = useConsoleApi();
  const t = useT(hostMessages);
  const loaded = useLoad(() => api.releases.view(), [api]);
  return (
    <>
      <p>{t('releasesRule', { views: CANARY_ABORT.minViews, factor: CANARY_ABORT.factor, floor: CANARY_ABORT.floor * 1000 })}</p>
      <Loadable loaded={loaded}>
        {(view) =>
          view.remotes.length === 0 ? (
            <p>{t('releasesNone')}</p>
          ) : (
            view.remotes.map((remote) => (
              <Remote key={remote.remote} remote={remote} zone={operator.business_timezone} changed={loaded.reload} />
            ))
          )
        }
      </Loadable>
    </>
  );
}
