const createConfig = require('../webpack/app');
const { packageNamed, portOf } = require('../scripts/ports');

const self = packageNamed('mf-loan');

module.exports = createConfig({
  dir: __dirname,
  name: /** @type {string} */ (self.remote),
  cssPrefix: 'loan',
  port: Number(process.env.PORT) || portOf(self),
  title: 'mf-loan',
  // One exposed module per page, so each page is its own chunk (DESIGN §2), and the pages it
  // publishes with each deploy (webpack/pages.js).
  remote: true,
});
