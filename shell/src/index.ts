// boot first: config.json, the remotes and the opening route's chunks are under way before
// React and the app are evaluated. The shell provides its shared modules eagerly, from this very
// chunk (webpack/shared.js), so the app is part of it too ("eager": no chunk of its own);
// its evaluation waits, briefly, until the opening route's remote files have been asked for.
import './boot';
import { openingPreloaded } from './early/handover';

const PRELOAD_WAIT_MS = 300;
/** A tab that paints nothing (a hidden one) does not hold the app back longer than this. */
const PAINT_WAIT_MS = 100;

/** Ends the current task: what comes next runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the browser has painted what the page shows: the task after the next frame. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });

// The page shows home's first paint meanwhile (index.html). It is painted before React draws
// over it, so the largest paint is the page's own, whenever the bundle arrives; and the app is
// evaluated in steps, each a task of its own, rather than in one long task the reader's first
// tap would wait behind: React's DOM renderer first, then the app.
void openingPreloaded(PRELOAD_WAIT_MS)
  .then(afterNextPaint)
  .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './start'));
