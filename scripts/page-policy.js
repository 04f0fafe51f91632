// The security headers of a static build, as scripts/static-server.js serves them: what the page
// may load, and that no other site may frame it or have its files sniffed into another type.
const crypto = require('node:crypto');

/** An absolute URL's origin; null for a relative one, which is the page's own. */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The hashes of index.html's inline scripts (the shell's early script and its first paint's
 * language chooser), so they run and no injected one does.
 */
function inlineScriptHashes(page) {
  const hashes = [];
  for (const [, attributes, body] of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * A host's policy follows its config.json (the API's origin and the remotes' it names): its page
 * fetches config.json, the remotes' manifests and the API, runs the remotes' entries and chunks,
 * and shows their styles, the API's images (uploads, news covers) and receipts held in memory
 * (blob:). A remote's own page has no config: it may load its own files only.
 */
function contentSecurityPolicy(config, page) {
  let named = {};
  try {
    named = config ? JSON.parse(config) : {};
  } catch {
    // An unreadable config.json loads nothing: the page's own files are still allowed.
  }
  // A remote is named by its manifest's URL, or by a stable and a canary release's (either may load).
  const remotes = [
    ...new Set(
      Object.values(named.remotes ?? {})
        .flatMap((entry) => (typeof entry === 'string' ? [entry] : [entry?.stable, entry?.canary]))
        .map(originOf)
        .filter(Boolean),
    ),
  ];
  const api = [originOf(named.apiBaseURL)].filter(Boolean);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...(page ? inlineScriptHashes(page) : [])],
    'style-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...api, ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...api, ...remotes],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every answer's headers; `config` and `page` are the build's config.json and index.html, or null. */
function pagePolicy({ config, page }) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, page),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

module.exports = { pagePolicy };
