// Inlined into the shell's index.html by webpack.config.base.js, so it runs as soon as the HTML
// parser reaches it, while the app's own scripts are still downloading and compiling:
// - config.json is asked for at once;
// - then a connection to the API it names is opened (the first widget or page asks it at once);
// - then each remote's manifest it names;
// - then, from the manifests of the remotes the opening route draws with, their entries and that
//   route's chunks are preloaded, so they arrive beside the shell's instead of after it.
// shell/src/early/handover.ts hands config.json and the manifests over once (to loadConfig and to
// the federation runtime's fetch); anything that fails here is simply fetched again there.
// `data-exposes` (route → [remote, exposed module]) comes from @instalment/federation/pages at build time;
// without it (the bench's monolith, which loads no remote) config.json and the API's connection
// are all it starts.
(function () {
  /** @type {Record<string, Promise<Response>>} */
  const pending = {};
  window.__instalmentEarly = pending;
  const fetchFresh = (/** @type {string} */ url) => fetch(url, { cache: 'no-cache' });
  const json = (/** @type {Promise<Response>} */ answer) => answer.then((response) => (response.ok ? response.clone().json() : null));
  pending['config.json'] = fetchFresh('config.json');
  // Whoever takes a request over sees its failure; one nobody takes must not report it.
  pending['config.json'].catch(() => {});
  const config = json(pending['config.json']).catch(() => null);

  // The app calls the API without credentials (CORS, token in a header): `crossorigin` makes
  // this the connection those calls use.
  config.then((value) => {
    if (typeof value?.apiBaseURL !== 'string') return;
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = new URL(value.apiBaseURL, window.location.href).origin;
    link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  });

  const table = document.currentScript?.getAttribute('data-exposes');
  if (!table) return;
  /** @type {Record<string, Array<[string, string]>>} */
  const exposesByRoute = JSON.parse(table);
  const route = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const opening = exposesByRoute[route] ?? exposesByRoute['/'] ?? [];

  const preload = (/** @type {URL} */ url, /** @type {'script' | 'style'} */ as) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = url.href;
    document.head.appendChild(link);
  };

  /** @param {string} manifestUrl @param {any} manifest @param {string[]} modules */
  const preloadOpening = (manifestUrl, manifest, modules) => {
    const { publicPath, remoteEntry } = manifest.metaData;
    const base = new URL(publicPath === 'auto' ? '.' : publicPath, manifestUrl);
    preload(new URL(remoteEntry.path ? `${remoteEntry.path}/${remoteEntry.name}` : remoteEntry.name, base), 'script');
    for (const expose of manifest.exposes) {
      if (!modules.includes(expose.path)) continue;
      for (const file of expose.assets.js.sync) preload(new URL(file, base), 'script');
      for (const file of expose.assets.css.sync) preload(new URL(file, base), 'style');
    }
  };

  // Settles once every manifest request is out, so the runtime waits for it rather than racing it.
  /** @type {Array<Promise<unknown>>} */
  const openingPreloads = [];
  window.__instalmentEarlyManifests = config
    .then((value) => {
      for (const [remote, url] of Object.entries(value?.remotes ?? {})) {
        if (typeof url !== 'string') continue;
        pending[url] = fetchFresh(url);
        pending[url].catch(() => {});
        const modules = opening.filter(([name]) => name === remote).map(([, module]) => module);
        if (modules.length)
          openingPreloads.push(
            json(pending[url])
              .then((manifest) => manifest && preloadOpening(url, manifest, modules))
              .catch(() => {}),
          );
      }
    })
    .catch(() => {});
  // Settles once the opening route's remote files have been asked for (or could not be).
  window.__instalmentEarlyPreloads = window.__instalmentEarlyManifests.then(() => Promise.all(openingPreloads)).then(() => {});
})();
