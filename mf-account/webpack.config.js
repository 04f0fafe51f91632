const createConfig = require('../webpack.config.base');
const { require: requireTs } = require('tsx/cjs/api');
const { packageNamed, portOf } = require('../scripts/ports');

/** @type {typeof import('../shared/src/ops/pages')} */
const ops = requireTs('../shared/src/ops/pages.ts', __filename);

const self = packageNamed('mf-account');

module.exports = createConfig({
  dir: __dirname,
  name: /** @type {string} */ (self.remote),
  cssPrefix: 'acc',
  port: Number(process.env.PORT) || portOf(self),
  title: 'mf-account',
  // One exposed module per page, so each page is its own chunk (DESIGN §2).
  exposes: {
    './Login': './src/pages/Login.tsx',
    './Register': './src/pages/Register.tsx',
    './ResetPassword': './src/pages/ResetPassword.tsx',
    './Profile': './src/pages/Profile.tsx',
    './UserInfo': './src/pages/UserInfo.tsx',
    './Security': './src/pages/Security.tsx',
    './EditProfile': './src/pages/EditProfile.tsx',
    './ChangeMobile': './src/pages/ChangeMobile.tsx',
    './Terms': './src/pages/Terms.tsx',
    './Privacy': './src/pages/Privacy.tsx',
    // Staff screens for the operations console (OPS_PAGES); the borrower shell never loads them.
    ...ops.opsExposesOf('mf_account'),
  },
});
