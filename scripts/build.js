#!/usr/bin/env node
// Production build of the shell and every remote (two at a time: the machine has two cores),
// then precompression of what the static servers send.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { PACKAGES } = require('./ports');

const ROOT = path.join(__dirname, '..');
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

function buildPackage(name) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(ROOT, name),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve({ name, ms: Date.now() - started }) : reject(new Error(`${name}: webpack exited ${code}`))));
  });
}

function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry.name) && entry.name !== 'config.json') {
      const body = fs.readFileSync(file);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
    }
  }
}

async function buildAll(names = PACKAGES.map((p) => p.name), parallel = 2) {
  const queue = [...names];
  const results = [];
  const worker = async () => {
    while (queue.length) {
      const name = queue.shift();
      const result = await buildPackage(name);
      precompress(path.join(ROOT, name, 'dist'));
      results.push(result);
      console.log(`built ${name} in ${(result.ms / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, names.length) }, worker));
  return results;
}

module.exports = { buildAll, buildPackage, precompress };

if (require.main === module) {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  buildAll(only.length ? only : undefined).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
