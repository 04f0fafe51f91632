const createConfig = require('../webpack.config.base');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_news',
  cssPrefix: 'news',
  port: Number(process.env.PORT) || 3004,
  title: 'mf-news',
  // One exposed module per page, so each page is its own chunk (DESIGN §2).
  exposes: {
    './NewsList': './src/pages/NewsList.tsx',
    './NewsDetail': './src/pages/NewsDetail.tsx',
    './LatestNews': './src/widgets/LatestNews.tsx',
  },
});
