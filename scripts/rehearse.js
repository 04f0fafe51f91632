#!/usr/bin/env node
// npm run rehearse: the production topology (deploy/nginx.conf) on this machine, on loopback;
// builds first when a build is missing. Ctrl-C stops everything and removes what it wrote.
const fs = require('node:fs');
const path = require('node:path');
const { buildAll } = require('./build');
const { BUILT } = require('./ports');
const { startRehearsal } = require('./rehearsal');
const { ROOT } = require('./stack');

async function main() {
  if (BUILT.some((name) => !fs.existsSync(path.join(ROOT, name, 'dist', 'index.html')))) await buildAll();
  const rehearsal = await startRehearsal({ install: true });
  console.log('\n  the production topology, behind nginx on 127.0.0.1:');
  console.log(`    app        ${rehearsal.shellUrl}   <- open this`);
  console.log(`    operations ${rehearsal.consoleUrl}`);
  for (const [name, url] of Object.entries(rehearsal.remoteUrls)) console.log(`    ${name.padEnd(10)} ${url}/mf-manifest.json`);
  console.log(`    API        ${rehearsal.apiUrl}  (SMS codes: ${rehearsal.apiUrl}/dev/sms-outbox?mobile=…)`);
  rehearsal.apis.forEach((api, i) => console.log(`    API process ${i + 1}: ${api.url}, metrics ${api.metricsUrl}`));
  console.log(`    nginx's configuration and logs: ${path.join(rehearsal.dir, 'nginx')}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await rehearsal.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
