const createConfig = require('../webpack.config.base');
const { require: requireTs } = require('tsx/cjs/api');
const { packageNamed, portOf } = require('../scripts/ports');

/** @type {typeof import('../shared/src/ops/pages')} */
const ops = requireTs('../shared/src/ops/pages.ts', __filename);

const self = packageNamed('mf-news');

module.exports = createConfig({
  dir: __dirname,
  name: /** @type {string} */ (self.remote),
  cssPrefix: 'news',
  port: Number(process.env.PORT) || portOf(self),
  title: 'mf-news',
  // One exposed module per page, so each page is its own chunk (DESIGN §2).
  exposes: {
    './NewsList': './src/pages/NewsList.tsx',
    './NewsDetail': './src/pages/NewsDetail.tsx',
    './LatestNews': './src/widgets/LatestNews.tsx',
    // Staff screens for the operations console (OPS_PAGES); the borrower shell never loads them.
    ...ops.opsExposesOf('mf_news'),
  },
});
