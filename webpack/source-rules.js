// The TypeScript and CSS rules, one shape for the browser's build and the first paint's: CSS module
// class names come from the same hash of the same file, so the markup the first paint writes into
// index.html carries the classes the browser build's CSS defines.
const path = require('node:path');

/** @param {{ cssPrefix: string, production: boolean, cssLoader: any }} options */
function sourceRules({ cssPrefix, production, cssLoader }) {
  return [
    {
      test: /\.tsx?$/,
      loader: 'ts-loader',
      // Types are checked once for the whole workspace by `tsc` in the test command. Its source maps
      // are chained into the build's: a browser's error maps to the TypeScript line, not ts-loader's output.
      options: {
        transpileOnly: true,
        configFile: path.join(__dirname, '..', 'tsconfig.base.json'),
        compilerOptions: { noEmit: false, sourceMap: true },
      },
    },
    {
      test: /\.css$/,
      use: [
        ...(cssLoader ? [cssLoader] : []),
        {
          loader: 'css-loader',
          options: {
            modules: {
              auto: /\.module\.css$/,
              localIdentName: production ? `${cssPrefix}-[hash:base64:6]` : `${cssPrefix}-[name]-[local]`,
              namedExport: false,
              exportLocalsConvention: 'as-is',
              // The first paint draws markup only: its build keeps the class names, not the CSS.
              exportOnlyLocals: !cssLoader,
            },
          },
        },
      ],
    },
    { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
  ];
}

module.exports = { sourceRules };
