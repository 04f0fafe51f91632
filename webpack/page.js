// What a package's build adds around its bundle: its HTML page, a host's public files, the shell's
// first paint and service worker, the extracted CSS.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { PublicFiles } = require('./public-files');

/**
 * @param {{ dir: string, title: string, host: boolean, production: boolean, serviceWorker?: string,
 *   earlyExposes?: object, firstPaint: import('webpack').WebpackPluginInstance | null }} options
 * @returns {import('webpack').WebpackPluginInstance[]}
 */
function pagePlugins({ dir, title, host, production, serviceWorker, earlyExposes, firstPaint }) {
  return [
    new HtmlWebpackPlugin({
      template: path.join(__dirname, '..', 'scripts', 'index.html'),
      title,
      chunks: ['main'],
      // Each host's tab icon (the app's and the console's); the app's install icons and manifest.
      tabIcon: host && fs.existsSync(path.join(dir, 'public', 'favicon.svg')),
      appIcons: host && fs.existsSync(path.join(dir, 'public', 'manifest.webmanifest')),
      // The shell's page starts config.json, the manifests and the opening route's chunks itself.
      earlyScript: earlyExposes && production ? fs.readFileSync(path.join(dir, 'src', 'early', 'inline.js'), 'utf8') : null,
      earlyExposes: earlyExposes ? JSON.stringify(earlyExposes) : null,
    }),
    ...(host ? [new PublicFiles(path.join(dir, 'public'))] : []),
    ...(firstPaint ? [firstPaint] : []),
    ...(serviceWorker && production
      ? [
          new InjectManifest({
            swSrc: path.join(dir, serviceWorker),
            swDest: 'sw.js',
            // The page is served from the worker's last good copy and revalidated, not pinned to a build.
            exclude: [/\.map$/, /\.html$/, /LICENSE/],
          }),
        ]
      : []),
    ...(production
      ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })]
      : []),
  ];
}

module.exports = { pagePlugins };
