const createConfig = require('../webpack.config.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_account',
  cssPrefix: 'acc',
  port: Number(process.env.PORT) || 3001,
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
  },
});
