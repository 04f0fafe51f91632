#!/usr/bin/env node
// npm start: build everything for production, then serve it — each remote from its own origin,
// the way separate teams deploy them. --no-build serves the last build; --dev runs dev servers.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { buildAll } = require('./build');
const { PACKAGES, CONSOLE } = require('./ports');
const { releaseUrl } = require('./publish');
const { defaultPorts, startApi, startStack, ROOT } = require('./stack');

async function dev() {
  const ports = defaultPorts();
  const api = await startApi({ port: ports.api, env: { DEV_ROUTES: '1' } });
  const children = [...PACKAGES, CONSOLE].map((pkg) =>
    spawn(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
      cwd: path.join(ROOT, pkg.name),
      env: { ...process.env, PORT: String(ports[pkg.name]) },
      stdio: 'inherit',
    }),
  );
  console.log(`\n  dev servers starting; open http://localhost:${ports.shell}/ (its /config.json names the dev servers and the API)\n`);
  const stop = async () => {
    // No load balancer to tell: each stops at once (the API drains first on SIGTERM).
    children.forEach((child) => child.kill('SIGINT'));
    await api.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function serve(build) {
  if (build) await buildAll();
  const stack = await startStack({ apiEnv: { DEV_ROUTES: '1' } });
  console.log('\n  consumption instalment is running:');
  console.log(`    app        ${stack.shellUrl}   <- open this`);
  console.log(`    operations ${stack.consoleUrl}   (staff: npm run operator -w server -- add <name> --roles <roles>)`);
  for (const pkg of PACKAGES.slice(1))
    console.log(`    ${pkg.name.padEnd(10)} ${releaseUrl(`${stack.statics[pkg.name].url}/mf-manifest.json`, stack.releases[pkg.name])}`);
  console.log('    releases   npm run release -- status');
  console.log(`    API        ${stack.apiUrl}  (SMS codes: ${stack.apiUrl}/dev/sms-outbox?mobile=…)\n`);
  const stop = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const args = process.argv.slice(2);
(args.includes('--dev') ? dev() : serve(!args.includes('--no-build'))).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
