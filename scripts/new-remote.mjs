// `npm run new-remote -- <package> --port <port> [--root <checkout>]`: a working remote in one
// command (docs/architecture.md, "Any number of remotes"). It writes the package (webpack config from the factory in webpack/, one
// page with its words in both languages, a unit test, its `npm test -w`) and enters it where the
// repository lists its remotes; a host loads it once its config.json names its manifest.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = /^mf-[a-z][a-z0-9]*$/;
const REMOTES_FILE = 'packages/federation/src/pages/remotes.json';

/** @param {string[]} argv */
function parseArgs(argv) {
  const [pkg, ...rest] = argv;
  const option = (name) => {
    const at = rest.indexOf(`--${name}`);
    return at === -1 ? undefined : rest[at + 1];
  };
  const port = Number(option('port'));
  if (!pkg || !PACKAGE_NAME.test(pkg)) throw new Error('Name the package mf-<word>, e.g. mf-help.');
  if (!Number.isInteger(port) || port < 1024 || port > 65535) throw new Error('Give the dev server a --port between 1024 and 65535.');
  const root = path.resolve(option('root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  return { pkg, port, root };
}

const pascal = (word) => word[0].toUpperCase() + word.slice(1);

/** The files of the new remote, by path from the checkout's root. */
function filesOf({ pkg, word, container }) {
  const Page = pascal(word);
  const route = `/pages/${word}/index`;
  return {
    [`${pkg}/package.json`]: `${JSON.stringify(
      {
        name: pkg,
        version: '1.0.0',
        private: true,
        sideEffects: ['*.css'],
        scripts: {
          build: 'webpack --mode production',
          dev: 'webpack serve --mode development',
          test: `jest --config ../jest.config.js --selectProjects ${pkg} && eslint .`,
        },
        dependencies: {
          '@instalment/contract': '1.0.0',
          '@instalment/federation': '1.0.0',
          '@instalment/host-sdk': '1.0.0',
          '@instalment/ui': '1.0.0',
          '@module-federation/enhanced': '2.9.2',
          react: '^19.2.0',
          'react-dom': '^19.2.0',
        },
        devDependencies: { '@instalment/testing': '1.0.0' },
      },
      null,
      2,
    )}\n`,
    [`${pkg}/webpack.config.js`]: `const createConfig = require('../webpack/app');
const { packageNamed, portOf } = require('../scripts/ports');

const self = packageNamed('${pkg}');

module.exports = createConfig({
  dir: __dirname,
  name: /** @type {string} */ (self.remote),
  cssPrefix: '${word}',
  port: Number(process.env.PORT) || portOf(self),
  title: '${pkg}',
  // Its pages are the ones src/extra-pages.ts publishes with each deploy (webpack/pages.js).
  remote: true,
});`,
    [`${pkg}/src/index.ts`]: `// The async boundary lets the federation runtime settle the shared singletons before any import.
import('./standalone');`,
    [`${pkg}/src/standalone.tsx`]: `import { renderStandalone } from '@instalment/federation/harness';
import { EXTRA_PAGES } from './extra-pages';
import { loadPage } from './loadPage';

renderStandalone('${container}', loadPage, EXTRA_PAGES);`,
    [`${pkg}/src/loadPage.ts`]: `import type { PageLoader } from '@instalment/federation/harness';

/** A page file under src/, for the standalone harness (a context of the pages folder only, tests left out). */
export const loadPage: PageLoader = (file) => import(/* webpackInclude: /pages\\/[A-Za-z]+\\.tsx$/ */ /* webpackExclude: /\\.test\\.tsx$/ */ \`./\${file}\`);`,
    [`${pkg}/src/standalone.test.ts`]: `import { standalonePages } from '@instalment/federation/harness';
import { EXTRA_PAGES } from './extra-pages';
import { loadPage } from './loadPage';

test('the standalone harness opens every page the remote publishes', async () => {
  const pages = standalonePages('${container}', EXTRA_PAGES);
  expect(pages.map((page) => page.module)).toEqual(['./${Page}']);
  for (const page of pages) await expect(loadPage(page.file)).resolves.toHaveProperty('default', expect.anything());
});`,
    [`${pkg}/src/extra-pages.ts`]: `import type { ExtraPage } from '@instalment/federation/pages';

/** The pages this remote publishes in its manifest: a host opens them once config.json names the remote. */
export const EXTRA_PAGES: ExtraPage[] = [{ path: '${route}', module: './${Page}', titles: { en: '${word}', 'zh-CN': '${word}' } }];`,
    [`${pkg}/src/messages.ts`]: `import { defineMessages } from '@instalment/contract/i18n';

/** This remote's words, in both languages. */
export const messages = defineMessages({
  en: {
    intro: 'This page comes from ${pkg}, deployed on its own.',
    home: 'Back to home',
  },
  'zh-CN': {
    intro: '此页面来自独立部署的 ${pkg}。',
    home: '返回首页',
  },
});`,
    [`${pkg}/src/pages/${Page}.tsx`]: `import { useT, type PageProps } from '@instalment/host-sdk/host';
import { PATHS } from '@instalment/contract/paths';
import { PageLink } from '@instalment/ui/kit';
import { messages } from '../messages';

export default function ${Page}(_props: PageProps) {
  const t = useT(messages);
  return (
    <section>
      <p>{t('intro')}</p>
      <PageLink path={PATHS.home}>{t('home')}</PageLink>
    </section>
  );
}`,
    [`${pkg}/src/pages/${Page}.test.tsx`]: `import { screen } from '@testing-library/react';
import { createTestHost, renderPage } from '@instalment/testing/host';
import ${Page} from './${Page}';

test('says where it comes from and leads home, in English and in Chinese', () => {
  renderPage(${Page}, createTestHost().host);
  expect(screen.getByText('This page comes from ${pkg}, deployed on its own.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
});

test('speaks Chinese to a Chinese reader', () => {
  renderPage(${Page}, createTestHost({ locale: 'zh-CN' }).host);
  expect(screen.getByText('此页面来自独立部署的 ${pkg}。')).toBeInTheDocument();
});`,
  };
}

/** Enters the remote where the repository lists its remotes, ports and workspaces. */
function register(root, { pkg, container, port }) {
  const remotesFile = path.join(root, REMOTES_FILE);
  const remotes = JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
  fs.writeFileSync(remotesFile, `${JSON.stringify({ ...remotes, [container]: pkg }, null, 2)}\n`);

  const portsFile = path.join(root, 'scripts/ports.js');
  const ports = fs.readFileSync(portsFile, 'utf8');
  const envName = `${pkg.slice(3).toUpperCase()}_PORT`;
  const line = `  { name: '${pkg}', env: '${envName}', port: ${port} },\n`;
  if (!ports.includes('].map((pkg) =>')) throw new Error('scripts/ports.js has no PACKAGES list to add to.');
  fs.writeFileSync(portsFile, ports.replace('].map((pkg) =>', `${line}].map((pkg) =>`));

  const manifest = path.join(root, 'package.json');
  if (fs.existsSync(manifest)) {
    const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    if (!json.workspaces.includes(pkg)) json.workspaces.splice(json.workspaces.indexOf('e2e'), 0, pkg);
    fs.writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`);
  }
}

function main() {
  const { pkg, port, root } = parseArgs(process.argv.slice(2));
  const word = pkg.slice(3);
  const container = pkg.replace('-', '_');
  if (fs.existsSync(path.join(root, pkg))) throw new Error(`${pkg} already exists.`);
  if (JSON.parse(fs.readFileSync(path.join(root, REMOTES_FILE), 'utf8'))[container]) throw new Error(`${container} is already a remote.`);
  for (const [file, text] of Object.entries(filesOf({ pkg, word, container }))) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  register(root, { pkg, container, port });
  console.log(`${pkg} (${container}) is ready on port ${port}: npm install, then npm test -w ${pkg} and npm run build -w ${pkg};`);
  console.log(`deploy its dist/ and add "${container}": "<its URL>/mf-manifest.json" to the hosts' config.json.`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
