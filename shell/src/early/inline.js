// Inlined into the shell's index.html by webpack/page.js, so it runs as soon as the HTML
// parser reaches it, while the app's own scripts are still downloading and compiling:
// - config.json is asked for at once;
// - then a connection to the API it names is opened (the first widget or page asks it at once);
// - then each remote's manifest it names (but a remote's canary: see below);
// - with config.json's answer, the opening route's calls to the API (its row's `opensWith` in the
//   page table), with the session's token, so the page's data is on its way beside its code, and
//   the image the page draws first when a call's answer names it (`firstImage`);
// - then, from those manifests, the entries and chunks the opening route draws with are
//   preloaded, so they arrive beside the shell's instead of after it: a page a remote publishes
//   (its manifest's `metaData.pages`) as well as the page table's, and the login page's when the
//   route needs a session the device does not hold (the app will open on it).
// shell/src/early/handover.ts hands config.json and the manifests over once (to loadConfig and to
// the federation runtime's fetch), and the calls' answers to the HTTP client; anything that fails
// here is simply fetched again there.
// `data-exposes` (@instalment/federation/pages' openingTable, with the session's storage keys)
// comes from the build; without it (the bench's monolith, which loads no remote) config.json and
// the API's connection are all it starts.
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
  /** @type {{ exposes: Record<string, Array<[string, string]>>, needsLogin: string[], login: string, calls: Record<string, Array<{ endpoint: string, params?: Record<string, string | number>, fromQuery?: string[], firstImage?: { list: string, field: string } }>>, session: { token: string, expires: string, header: string }, language?: { key: string, locales: string[] } }} */
  const opening = JSON.parse(table);
  const route = window.location.hash.replace(/^#/, '').split('?')[0] || '/';

  // As SessionStore.isLoggedIn (@instalment/host-sdk/session) reads it: a token not past its expiry (seconds).
  const hasSession = () => {
    try {
      const token = localStorage.getItem(opening.session.token) ?? '';
      const expires = Number(localStorage.getItem(opening.session.expires) ?? 0) || 0;
      return token !== '' && !(expires > 0 && expires <= Math.floor(Date.now() / 1000));
    } catch {
      return false;
    }
  };
  const signIn = (/** @type {boolean | undefined} */ needsLogin) => Boolean(needsLogin) && !hasSession();
  // The first paint's chooser, after #root, draws the login page's frame instead.
  window.__instalmentEarlySignIn = signIn(opening.needsLogin.includes(route));
  /**
   * The image the page draws first (its largest paint), named by a call's answer: fetched now, as
   * the page's <img> will ask for it, instead of once the page has drawn.
   * @param {Response} response @param {{ list: string, field: string }} image
   */
  const preloadFirstImage = (response, { list, field }) =>
    response
      .json()
      .then((/** @type {any} */ body) => {
        const items = body?.data?.[list];
        const src = Array.isArray(items)
          ? items.map((item) => item?.[field]).find((value) => typeof value === 'string' && value !== '')
          : null;
        if (src) preload(new URL(src, window.location.href), 'image');
      })
      .catch(() => {});
  /** @type {Record<string, { token: string, at: number, answer: Promise<Response> }>} */
  const calls = {};
  window.__instalmentEarlyCalls = calls;
  // The route's opening calls, named as the HTTP client names a GET (callName of
  // @instalment/host-sdk/http: the path, then the parameters in name order). None for a visit
  // that opens on login, nor for one whose query holds anything the calls are not made of.
  const query = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  config.then((value) => {
    if (typeof value?.apiBaseURL !== 'string' || window.__instalmentEarlySignIn) return;
    const token = hasSession() ? (localStorage.getItem(opening.session.token) ?? '') : '';
    // The language the reader chose in the app, as the API answers the app in it (the news is
    // written in two); without a choice the browser sends its own, from which the app chose too.
    /** @type {string | null} */
    let chosen = null;
    try {
      chosen = opening.language ? localStorage.getItem(opening.language.key) : null;
    } catch {
      chosen = null;
    }
    /** @type {Record<string, string>} */
    const language = chosen !== null && opening.language?.locales.includes(chosen) ? { 'Accept-Language': chosen } : {};
    const base = value.apiBaseURL.replace(/\/+$/, '');
    for (const call of opening.calls?.[route] ?? []) {
      const from = call.fromQuery ?? [];
      if ([...query.keys()].some((key) => !from.includes(key)) || from.some((key) => !query.get(key))) continue;
      /** @type {Array<[string, string]>} */
      const params = [
        ...Object.entries(call.params ?? {}).map(([key, param]) => /** @type {[string, string]} */ ([key, String(param)])),
        ...from.map((key) => /** @type {[string, string]} */ ([key, query.get(key) ?? ''])),
      ].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const search = new URLSearchParams(params).toString();
      const name = search ? `${call.endpoint}?${search}` : call.endpoint;
      // Read through at once: an answer nobody takes (the visitor moved on first) would otherwise
      // stay a request in flight for as long as the page lives.
      const answer = fetch(new URL(base + name, window.location.href).href, {
        headers: { ...(token ? { [opening.session.header]: token } : {}), ...language },
        credentials: 'omit',
      }).then((response) => {
        if (call.firstImage && response.ok) preloadFirstImage(response.clone(), call.firstImage);
        return response.blob().then((body) => new Response(body, { status: response.status, statusText: response.statusText }));
      });
      answer.catch(() => {});
      calls[name] = { token, at: performance.now(), answer };
    }
  });

  const known = opening.exposes[route] ?? [];
  const wanted = window.__instalmentEarlySignIn ? [...known, ...(opening.exposes[opening.login] ?? [])] : known;

  const preload = (/** @type {URL} */ url, /** @type {'script' | 'style' | 'image'} */ as) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    // A remote's file as the runtime and the remote's chunk loading will ask for it (CORS), an image
    // as an <img> does, or it is fetched twice.
    if (as !== 'image') link.crossOrigin = 'anonymous';
    link.href = url.href;
    document.head.appendChild(link);
  };

  /** @param {string} manifestUrl @param {any} manifest @param {string[]} modules */
  const preloadModules = (manifestUrl, manifest, modules) => {
    const { publicPath, remoteEntry } = manifest.metaData;
    const base = new URL(publicPath === 'auto' ? '.' : publicPath, manifestUrl);
    preload(new URL(remoteEntry.path ? `${remoteEntry.path}/${remoteEntry.name}` : remoteEntry.name, base), 'script');
    for (const expose of manifest.exposes) {
      if (!modules.includes(expose.path)) continue;
      for (const file of expose.assets.js.sync) preload(new URL(file, base), 'script');
      for (const file of expose.assets.css.sync) preload(new URL(file, base), 'style');
    }
  };

  /** What a manifest publishes at the opening route, if anything: its deployment decides the module. */
  const publishedHere = (/** @type {any} */ manifest) =>
    (Array.isArray(manifest?.metaData?.pages) ? manifest.metaData.pages : []).find((/** @type {any} */ page) => page?.path === route);

  // Settles once every manifest request is out, so the runtime waits for it rather than racing it.
  /** @type {Array<Promise<unknown>>} */
  const openingPreloads = [];
  window.__instalmentEarlyManifests = config
    .then((value) => {
      // A page whose table names no remote module (the bench's monolith with this first paint)
      // draws with none: it asks for no manifest.
      if (!Object.keys(opening.exposes).length) return;
      /** @type {Array<Promise<[string, string, any]>>} */
      const read = [];
      for (const [remote, url] of Object.entries(value?.remotes ?? {})) {
        // A remote named in its canary form ({ stable, canary, percent }) is left to the loader:
        // which of its two releases this device draws is the loader's rule (the device's id and
        // its hash, packages/federation/src/loader/assignment.ts), and this script, inlined as
        // written, cannot import it. A copy here would be a second owner of that rule, and a
        // drift between the two would fetch and preload the other release's files for nothing.
        // While a canary runs, both of that remote's releases start from the shell's boot alike,
        // so their speed figures still compare.
        if (typeof url !== 'string') continue;
        pending[url] = fetchFresh(url);
        pending[url].catch(() => {});
        const manifest = json(pending[url]).catch(() => null);
        read.push(manifest.then((answer) => [remote, url, answer]));
        const modules = wanted.filter(([name]) => name === remote).map(([, module]) => module);
        // A route the page table lacks waits for every manifest: any remote may publish it.
        if (modules.length || !known.length)
          openingPreloads.push(
            manifest.then((answer) => {
              const page = publishedHere(answer);
              const all = typeof page?.module === 'string' ? [...modules, page.module] : modules;
              if (answer && all.length) preloadModules(url, answer, all);
            }),
          );
      }
      // A page only a remote publishes may need a session too: then the login page's files, once
      // every manifest has said what it publishes here.
      if (!known.length && !window.__instalmentEarlySignIn)
        openingPreloads.push(
          Promise.all(read).then((manifests) => {
            if (!manifests.some(([, , answer]) => signIn(publishedHere(answer)?.needsLogin))) return;
            for (const [remote, url, answer] of manifests) {
              const login = (opening.exposes[opening.login] ?? []).filter(([name]) => name === remote).map(([, module]) => module);
              if (answer && login.length) preloadModules(url, answer, login);
            }
          }),
        );
    })
    .catch(() => {});
  // Settles once the opening route's remote files have been asked for (or could not be).
  window.__instalmentEarlyPreloads = window.__instalmentEarlyManifests
    .then(() => Promise.all(openingPreloads))
    .catch(() => {})
    .then(() => {});
})();
