const createConfig = require('../webpack.config.base');
const { require: requireTs } = require('tsx/cjs/api');
const { packageNamed, portOf } = require('../scripts/ports');

/** @type {typeof import('../shared/src/ops/pages')} */
const ops = requireTs('../shared/src/ops/pages.ts', __filename);

const self = packageNamed('mf-payment');

module.exports = createConfig({
  dir: __dirname,
  name: /** @type {string} */ (self.remote),
  cssPrefix: 'pay',
  port: Number(process.env.PORT) || portOf(self),
  title: 'mf-payment',
  // One exposed module per page, so each page is its own chunk (DESIGN §2).
  exposes: {
    './Repayments': './src/pages/Repayments.tsx',
    './Repay': './src/pages/Repay.tsx',
    './Cashier': './src/pages/Cashier.tsx',
    './ProofUpload': './src/pages/ProofUpload.tsx',
    // Staff screens for the operations console (OPS_PAGES); the borrower shell never loads them.
    ...ops.opsExposesOf('mf_payment'),
  },
});
