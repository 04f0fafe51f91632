const createConfig = require('../webpack.config.base');
const { require: requireTs } = require('tsx/cjs/api');
const { packageNamed, portOf } = require('../scripts/ports');

/** @type {typeof import('../shared/src/pages/pages')} */
const pages = requireTs('../shared/src/pages/pages.ts', __filename);
/** @type {typeof import('../shared/src/ops/pages')} */
const ops = requireTs('../shared/src/ops/pages.ts', __filename);

const self = packageNamed('mf-news');

module.exports = createConfig({
  dir: __dirname,
  name: /** @type {string} */ (self.remote),
  cssPrefix: 'news',
  port: Number(process.env.PORT) || portOf(self),
  title: 'mf-news',
  // One exposed module per page, so each page is its own chunk (DESIGN §2): the pages and home
  // widgets from the app's page table, the staff screens from the console's (OPS_PAGES; the
  // borrower shell never loads them).
  exposes: { ...pages.exposesOf('mf_news'), ...ops.opsExposesOf('mf_news') },
});
