const createConfig = require('../webpack.config.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  cssPrefix: 'sh',
  port: Number(process.env.PORT) || 3000,
  title: 'loan treasure',
});
