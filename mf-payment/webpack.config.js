const createConfig = require('../webpack.config.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_payment',
  cssPrefix: 'pay',
  port: Number(process.env.PORT) || 3003,
  title: 'mf-payment',
  // One exposed module per page, so each page is its own chunk (DESIGN §2).
  exposes: {
    './Repayments': './src/pages/Repayments.tsx',
    './Repay': './src/pages/Repay.tsx',
    './Cashier': './src/pages/Cashier.tsx',
    './ProofUpload': './src/pages/ProofUpload.tsx',
  },
});
