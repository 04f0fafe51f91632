// The monolith's stand-in for shell/src/offline/serviceWorker.ts: it registers no worker.
export function registerServiceWorker() {}
