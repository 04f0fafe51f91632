// What a remote exposes and publishes, read from the page tables its build sees.
const fs = require('node:fs');
const path = require('node:path');
const { require: requireTs } = require('tsx/cjs/api');

/**
 * SPEC §2's rows a remote draws and its home widgets (packages/federation/src/pages), the pages its
 * team adds in its own `src/extra-pages.ts` (`EXTRA_PAGES`) and its team's operator screens
 * (`src/console/pages.ts`, `CONSOLE_PAGES`). Both lists ride in the manifest (`metaData.pages`,
 * `metaData.opsPages`): the shell and the console learn a new page from the deploy, not a release.
 * @param {string} dir @param {string} remote
 */
function remoteOf(dir, remote) {
  /** @type {typeof import('../packages/federation/src/pages')} */
  const pages = requireTs('../packages/federation/src/pages/index.ts', __filename);
  /** @type {typeof import('../packages/federation/src/console-pages')} */
  const ops = requireTs('../packages/federation/src/console-pages.ts', __filename);
  /** @type {(file: string, name: string) => any[]} */
  const ownTable = (file, name) => (fs.existsSync(path.join(dir, file)) ? requireTs(path.join(dir, file), __filename)[name] : []);
  /** @type {import('../packages/federation/src/pages').ExtraPage[]} */
  const extras = ownTable('src/extra-pages.ts', 'EXTRA_PAGES');
  const screens = ops.consolePublicationOf(ownTable('src/console/pages.ts', 'CONSOLE_PAGES'));
  return {
    exposes: { ...pages.exposesOf(remote, extras), ...screens.exposes },
    published: { pages: pages.publishedPagesOf(remote, extras), [ops.CONSOLE_PAGES_METADATA]: screens.published },
  };
}

// The bench's monolith bundles the same pages the remotes expose, read the same way.
module.exports = { remoteOf };
