// boot first: config.json, the remotes and the opening route's chunks are under way before
// React and the app are evaluated. The shell provides its shared modules eagerly, from this very
// chunk (webpack.config.base.js), so the app is part of it too ("eager": no chunk of its own);
// its evaluation waits, briefly, until the opening route's remote files have been asked for.
import './boot';
import { openingPreloaded } from './early/handover';

const PRELOAD_WAIT_MS = 300;

void openingPreloaded(PRELOAD_WAIT_MS).then(() => import(/* webpackMode: "eager" */ './bootstrap'));
