// Serves a production build the way a real deployment does: precompressed gzip/brotli, long
// caching for content-hashed files, no caching for the files that name them, the pages' security
// headers, CORS for a remote's files to the hosts that load them, and no source maps.
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const sirv = require('sirv');
const { HASHED_NAME } = require('./hashed-names');
const { pagePolicy } = require('./page-policy');
const { RELEASES_FOLDER } = require('./publish');

/** The file's text, read again only when it changes; null when it is not there. */
function watched(file) {
  let seen = null;
  let text = null;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const version = stat ? `${stat.mtimeMs}:${stat.size}` : null;
    if (version !== seen) {
      seen = version;
      text = stat ? fs.readFileSync(file, 'utf8') : null;
    }
    return text;
  };
}

/**
 * @param {{ dir: string, port: number, host?: string, hostOrigins?: string[] }} options
 * `hostOrigins`: the pages that load a remote's files from their own origin (the shell's, the
 * console's); only they are granted CORS. A host (a build with a config.json) grants none.
 */
function serveStatic({ dir, port, host = '127.0.0.1', hostOrigins = [] }) {
  const config = watched(path.join(dir, 'config.json'));
  const page = watched(path.join(dir, 'index.html'));
  // Worked out again only when config.json or the page changes, not on every file served.
  let policy = { config: undefined, page: undefined, headers: {} };
  const headersOf = (hostConfig, hostPage) => {
    if (policy.config !== hostConfig || policy.page !== hostPage)
      policy = { config: hostConfig, page: hostPage, headers: pagePolicy({ config: hostConfig, page: hostPage }) };
    return policy.headers;
  };
  /** A remote's answers, which depend on the Origin asking (sirv sets Vary itself, after these). */
  const byOrigin = new WeakSet();
  const options = {
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders(res, pathname) {
      // A hashed file never changes: cached for good. Anything else (the page at / and index.html,
      // config.json, manifests, icons, the service worker) is revalidated on every use.
      res.setHeader('Cache-Control', HASHED_NAME.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (byOrigin.has(res)) res.setHeader('Vary', 'Accept-Encoding, Origin');
    },
  };
  // The build's files are listed once, at start; its releases are looked up on disk at each
  // request, since they are published and pruned while the server runs.
  const files = sirv(dir, { ...options, dev: false });
  const releases = sirv(dir, { ...options, dev: true });
  const releasesPath = `/${RELEASES_FOLDER}/`;
  const server = http.createServer((req, res) => {
    const pathname = (req.url || '/').split('?')[0];
    const hostConfig = config();
    for (const [name, value] of Object.entries(headersOf(hostConfig, page()))) res.setHeader(name, value);
    // A service worker keeps the policy it was installed with until its script's bytes change, so
    // a re-pointed remote (an edit of config.json) would stay refused to it. It needs none of its
    // own: it only fetches what its pages asked for, which their policy has already judged.
    if (req.headers['service-worker'] === 'script') res.removeHeader('Content-Security-Policy');
    if (hostConfig === null) {
      byOrigin.add(res);
      res.setHeader('Vary', 'Origin');
      const { origin } = req.headers;
      if (origin && hostOrigins.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    }
    // Source maps stay in the build for error tracking; the public is not handed the source, under
    // any path that is one or ends inside one (`x.js.map/`, `x.js%2Emap%2F`: sirv looks past them).
    if (/\.map(?:[/\\]|$)/i.test(safeDecode(pathname))) {
      res.statusCode = 404;
      return res.end('not found');
    }
    // config.json may be edited in place by whoever deploys: read it fresh, never from sirv's cache.
    if (pathname === '/config.json') {
      if (hostConfig === null) {
        res.statusCode = 404;
        return res.end();
      }
      // A returning visitor revalidates it on every start: an unchanged file costs a 304, no body.
      const etag = `"${crypto.createHash('sha1').update(hostConfig).digest('base64url')}"`;
      const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', ETag: etag };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        return res.end();
      }
      res.writeHead(200, headers);
      return res.end(hostConfig);
    }
    (pathname.startsWith(releasesPath) ? releases : files)(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** The path as sirv reads it (`%2Emap` is `.map`); a malformed one is left as it came. */
function safeDecode(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

module.exports = { serveStatic };
