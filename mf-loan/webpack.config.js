const createConfig = require('../webpack.config.base');
const { require: requireTs } = require('tsx/cjs/api');
const { packageNamed, portOf } = require('../scripts/ports');

/** @type {typeof import('../shared/src/ops/pages')} */
const ops = requireTs('../shared/src/ops/pages.ts', __filename);

const self = packageNamed('mf-loan');

module.exports = createConfig({
  dir: __dirname,
  name: /** @type {string} */ (self.remote),
  cssPrefix: 'loan',
  port: Number(process.env.PORT) || portOf(self),
  title: 'mf-loan',
  // One exposed module per page, so each page is its own chunk (DESIGN §2).
  exposes: {
    './Apply': './src/pages/Apply.tsx',
    './MyLoans': './src/pages/MyLoans.tsx',
    './LoanDetail': './src/pages/LoanDetail.tsx',
    './Contract': './src/pages/Contract.tsx',
    './OverdueImpact': './src/pages/OverdueImpact.tsx',
    './Settlement': './src/pages/Settlement.tsx',
    './HomeLoanWidget': './src/widgets/HomeLoanWidget.tsx',
    // Staff screens for the operations console (OPS_PAGES); the borrower shell never loads them.
    ...ops.opsExposesOf('mf_loan'),
  },
});
