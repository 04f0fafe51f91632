// A host's `public/` folder (its favicon; the shell's icons and web app manifest), copied into its
// build as it is: the page and the manifest name these files, never by a hash.
const fs = require('node:fs');
const path = require('node:path');

class PublicFiles {
  /** @param {string} dir */
  constructor(dir) {
    this.dir = dir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFiles', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          for (const name of fs.readdirSync(this.dir)) {
            const file = path.join(this.dir, name);
            // Watched, so the dev server copies a changed icon again.
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

module.exports = { PublicFiles };
