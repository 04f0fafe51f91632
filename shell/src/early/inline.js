// Inlined into the shell's index.html by webpack.config.base.js, so it runs as soon as the HTML
// parser reaches it, while the app's own scripts are still downloading and compiling:
// - config.json is asked for at once;
// - then each remote's manifest it names;
// - then, from the manifests of the remotes the opening route draws with, their entries and that
//   route's chunks are preloaded, so they arrive beside the shell's instead of after it.
// shell/src/early/handover.ts hands config.json and the manifests over once (to loadConfig and to
// the federation runtime's fetch); anything that fails here is simply fetched again there.
// `data-exposes` (route → [remote, exposed module]) comes from shared/src/pages at build time;
// without it (the bench's monolith, which loads no remote) only config.json is started.
(function () {
  /** @type {Record<string, Promise<Response>>} */
  const pending = {};
  window.__instalmentEarly = pending;
  const fetchFresh = (/** @type {string} */ url) => fetch(url, { cache: 'no-cache' });
  const json = (/** @type {Promise<Response>} */ answer) => answer.then((response) => (response.ok ? response.clone().json() : null));
  pending['config.json'] = fetchFresh('config.json');
  // Whoever takes a request over sees its failure; one nobody takes must not report it.
  pending['config.json'].catch(() => {});

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
  window.__instalmentEarlyManifests = json(pending['config.json'])
    .then((config) => {
      for (const [remote, url] of Object.entries(config?.remotes ?? {})) {
        if (typeof url !== 'string') continue;
        pending[url] = fetchFresh(url);
        pending[url].catch(() => {});
        const modules = opening.filter(([name]) => name === remote).map(([, module]) => module);
        if (modules.length)
          json(pending[url])
            .then((manifest) => manifest && preloadOpening(url, manifest, modules))
            .catch(() => {});
      }
    })
    .catch(() => {});
})();
