import { scrubMessage, TELEMETRY_LIMITS, type TelemetryError, type TelemetryView } from '@instalment/contract/api';
import {
  deviceId,
  onRemoteEvent,
  onRenderError,
  remoteOfFile,
  remoteRelease,
  sampled,
  type RuntimeConfig,
} from '@instalment/federation/loader';
import { findPage, type ContainerName } from '@instalment/federation/pages';
import { sendBatches } from './beacon';
import { framesOf } from './stack';
import { onView } from './views';
import type { VitalName } from './vitals';

/**
 * The shell's reports (issue 51): each view of a remote's page, with the release that drew it, and
 * the errors a remote's code caused. Always loaded, so kept small: listeners that queue in memory,
 * sent at idle or as the page is hidden. web-vitals is a chunk of its own, fetched at idle once the
 * page has loaded, and only when a remote drew the landing page (never for home). Nothing of the
 * session is read: no token, no phone; routes are the pages table's patterns, never a URL with
 * its query.
 */

/** A queue this long leaves at the next idle moment; a shorter one within this many ms. */
const FLUSH_AT = 10;
const FLUSH_EVERY_MS = 30_000;
/** A busy page's idle moment comes within this long all the same. */
const IDLE_TIMEOUT_MS = 2_000;

type Vitals = Partial<Record<VitalName, number>>;
/** A view as queued: its release is read as it leaves, once a canary that failed has given way to stable. */
interface QueuedView {
  remote: ContainerName;
  route: string;
  vitals: Vitals;
}

const idle = (task: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(task, 0);

/**
 * Starts recording when this device is in `telemetrySample`, else does nothing. The first view is
 * the landing page: it waits for the page to be hidden and leaves with the load's web-vitals;
 * later views (soft navigations) carry none. Answers a stop, which sends nothing more.
 */
export function startTelemetry({ apiBaseURL, telemetrySample }: Pick<RuntimeConfig, 'apiBaseURL' | 'telemetrySample'>): () => void {
  if (!sampled(deviceId(), telemetrySample)) return () => {};
  let route = findPage(window.location.hash.replace(/^#/, '').split('?')[0])?.path ?? '/';
  /** Undefined until the first view; null once it has left, or when the shell drew it. */
  let landing: QueuedView | null | undefined;
  const views: QueuedView[] = [];
  const errors: TelemetryError[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleAsked = false;

  const release = ({ remote, route: path, vitals }: QueuedView): TelemetryView[] => {
    const drawn = remoteRelease(remote);
    if (!drawn) return [];
    return [{ remote, release: drawn.release, route: path, side: drawn.side, ...(drawn.fallback && { fallback: true }), ...vitals }];
  };

  const flush = (withLanding: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    idleAsked = false;
    const leaving = views.splice(0);
    if (withLanding && landing) leaving.unshift(landing);
    if (withLanding) landing = null;
    if (leaving.length + errors.length > 0) sendBatches(apiBaseURL, leaving.flatMap(release), errors.splice(0));
  };
  const atIdle = () => {
    if (idleAsked) return;
    idleAsked = true;
    idle(() => flush(false));
  };
  const queued = () => {
    if (views.length + errors.length >= FLUSH_AT) atIdle();
    else timer ??= setTimeout(atIdle, FLUSH_EVERY_MS);
  };

  const loadVitals = () =>
    idle(() => {
      // A chunk that cannot be fetched (offline) leaves the landing view without speed figures.
      import(/* webpackChunkName: "vitals" */ './vitals').then(
        ({ watchVitals }) =>
          watchVitals((name, value) => {
            if (landing) landing.vitals[name] = value;
          }),
        () => undefined,
      );
    });

  const stopViews = onView((path, remote) => {
    route = path;
    const view = remote && { remote, route: path, vitals: {} };
    if (landing === undefined) {
      landing = view || null;
      if (!view) return;
      if (document.readyState === 'complete') loadVitals();
      else window.addEventListener('load', loadVitals, { once: true });
    } else if (view && views.length < TELEMETRY_LIMITS.views) {
      views.push(view);
      queued();
    }
  });

  /** An error of `remote`'s code, against the release it draws now; none when no remote is to blame. */
  const record = (remote: ContainerName | undefined, kind: TelemetryError['kind'], thrown: unknown, frames = framesOf(thrown)) => {
    const drawn = remote && remoteRelease(remote);
    if (!remote || !drawn || errors.length >= TELEMETRY_LIMITS.errors) return;
    const message = scrubMessage(thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown));
    errors.push({ remote, release: drawn.release, route, kind, message, frames });
    queued();
  };
  /** Unhandled: blamed on the remote of the first frame in a remote's files; the shell's own are not reported. */
  const unhandled = (thrown: unknown) => {
    const frames = framesOf(thrown);
    record(frames.map((frame) => remoteOfFile(frame.file)).find(Boolean), 'unhandled', thrown, frames);
  };
  const onError = (event: ErrorEvent) => unhandled(event.error);
  const onRejection = (event: PromiseRejectionEvent) => unhandled(event.reason);
  // On the document, not the window: web-vitals hears the same event on the window first (capture)
  // and settles CLS, INP and LCP before the landing view leaves with them.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  // A page left (a reload, another address) is hidden after its `pagehide`: the landing view waits for that.
  const onPageHide = () => flush(false);

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  const stopRender = onRenderError((remote, error) => record(remote, 'render', error));
  const stopLoad = onRemoteEvent((event) => {
    if (event.type === 'load-failed') record(event.remote, 'load', event.error);
  });

  return () => {
    stopViews();
    clearTimeout(timer);
    landing = null;
    window.removeEventListener('load', loadVitals);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    stopRender();
    stopLoad();
  };
}
